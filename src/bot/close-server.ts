import type { FastifyInstance } from "fastify";

/**
 * How long requests still being answered get before every connection is cut. Node closes kept-alive idle
 * connections at once, but not one a browser opened ahead of need and never used: without this cut, that one
 * holds the stop until the request time-out (docs/architecture.md, "Running").
 */
export const connectionsGraceMs = 2000;

/** Stops listening, lets requests in flight finish for `graceMs`, then closes whatever connection is left. */
export async function closeServer(server: FastifyInstance, graceMs = connectionsGraceMs): Promise<void> {
  const cut = setTimeout(() => {
    server.server.closeAllConnections();
  }, graceMs);
  try {
    await server.close();
  } finally {
    clearTimeout(cut);
  }
}
