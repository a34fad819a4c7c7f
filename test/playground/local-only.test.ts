// The page's server answers only requests made to its own address (playground/web/local-only.ts): a name
// pointed at 127.0.0.1 by another site (DNS rebinding) or a page elsewhere gets 403 before any route runs.
import { request, type IncomingMessage } from "node:http";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refuseForeignRequests } from "../../playground/web/local-only.js";

/** A GET of `path` with these headers (Host too, which fetch does not let one set); its status and body. */
async function getWithHeaders(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const sent = request({ host: "127.0.0.1", port, path, headers });
  sent.end();
  const [response] = (await once(sent, "response")) as [IncomingMessage];
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return { status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") };
}

describe("the playground page's server, asked by another name", () => {
  let app: FastifyInstance;
  let port = 0;
  let reached = 0;

  beforeAll(async () => {
    app = Fastify();
    refuseForeignRequests(app);
    app.get("/api/world", () => {
      reached += 1;
      return { keys: "every member's" };
    });
    await app.listen({ host: "127.0.0.1", port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
  });

  it("answers its own address, by number or as localhost, and a same-origin Origin", async () => {
    for (const headers of [
      { host: `127.0.0.1:${port}` },
      { host: `LOCALHOST:${port}` },
      { host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` },
      { host: `localhost:${port}`, origin: `http://localhost:${port}` },
    ]) {
      expect(await getWithHeaders(port, "/api/world", headers)).toEqual({
        status: 200,
        body: JSON.stringify({ keys: "every member's" }),
      });
    }
  });

  it("refuses another host or port, another site's Origin and an opaque one, before the route", async () => {
    const before = reached;
    const refused = [
      { headers: { host: `attacker.example:${port}` }, says: `not at the host "attacker.example:${port}"` },
      { headers: { host: `127.0.0.1:${port + 1}` }, says: `not at the host "127.0.0.1:${port + 1}"` },
      { headers: { host: "127.0.0.1" }, says: 'not at the host "127.0.0.1"' },
      {
        headers: { host: `127.0.0.1:${port}`, origin: "http://attacker.example" },
        says: 'not one from "http://attacker.example"',
      },
      { headers: { host: `127.0.0.1:${port}`, origin: "null" }, says: 'not one from "null"' },
    ];
    for (const { headers, says } of refused) {
      const { status, body } = await getWithHeaders(port, "/api/world", headers);
      expect(status).toBe(403);
      const { error } = JSON.parse(body) as { error: string };
      expect(error).toContain(`The playground answers only`);
      expect(error).toContain(says);
      expect(error).toContain(headers.origin === undefined ? `http://127.0.0.1:${port}` : "its own page");
    }
    expect(reached).toBe(before);
  });
});
