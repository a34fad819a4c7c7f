import { once } from "node:events";
import { connect } from "node:net";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { closeServer } from "../../src/bot/close-server.js";

describe("closeServer", () => {
  it("cuts a connection a browser opened and never used once the grace period is over", async () => {
    const server = Fastify();
    server.get("/", () => "ok");
    const address = await server.listen({ host: "127.0.0.1", port: 0 });
    const spare = connect(Number(new URL(address).port), "127.0.0.1");
    await once(spare, "connect");
    const cut = once(spare, "close");

    const started = Date.now();
    await closeServer(server, 200);
    await cut;
    // Without the cut the connection would stay until the request time-out: Node's close leaves it open.
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("lets a request in flight finish within the grace period", async () => {
    const server = Fastify();
    let release = () => {};
    let reached = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const arrived = new Promise<void>((resolve) => (reached = resolve));
    server.get("/slow", async () => {
      reached();
      await held;
      return "finished";
    });
    const address = await server.listen({ host: "127.0.0.1", port: 0 });
    const answer = fetch(`${address}/slow`).then((response) => response.text());
    await arrived;

    const closed = closeServer(server, 10_000);
    release();
    expect(await answer).toBe("finished");
    await closed;
  });
});
