// The page's server answers only requests made to its own local address. It serves every member's
// sandbox key and acts as any member, so a web page elsewhere must not reach it: one whose name its owner
// points at 127.0.0.1 after it loaded (DNS rebinding) sends its own name as the Host, and a cross-site
// form or fetch sends its own Origin. Both are refused before any route runs (playground/README.md, "Only
// its own page").
import type { FastifyInstance, FastifyRequest } from "fastify";

/** The names a browser on this machine reaches 127.0.0.1 by. */
const localNames = ["127.0.0.1", "localhost"] as const;

/** Why `request` is refused; undefined when made to the page's own address (and from it, if from a page). */
export function readForeignRequest(request: FastifyRequest): string | undefined {
  const port = request.socket.localPort;
  const hosts = localNames.map((name) => `${name}:${String(port)}`);
  const host = request.headers.host?.toLowerCase();
  if (host === undefined || !hosts.includes(host)) {
    const asked = JSON.stringify(host ?? "");
    return `The playground answers only at http://127.0.0.1:${String(port)}, not at the host ${asked}.`;
  }
  const origin = request.headers.origin?.toLowerCase();
  if (origin !== undefined && !hosts.some((allowed) => origin === `http://${allowed}`)) {
    return `The playground answers only its own page, not one from ${JSON.stringify(origin)}.`;
  }
  return undefined;
}

/** Refuses with 403 every request readForeignRequest finds foreign, whatever its route. */
export function refuseForeignRequests(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    const refusal = readForeignRequest(request);
    // Returned, so Fastify runs nothing more for the request (its hooks' way to end one).
    if (refusal !== undefined) return reply.code(403).send({ error: refusal });
    return undefined;
  });
}
