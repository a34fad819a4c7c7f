// docs/architecture.md, "Running": the public listener cuts a request that does not arrive whole within
// HTTP_REQUEST_TIMEOUT_MS (a webhook whose body drips in a byte at a time stayed open for minutes before), and
// refuses connections past HTTP_MAX_CONNECTIONS. Real sockets on 127.0.0.1.
import net from "node:net";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { buildTestApp } from "./support/test-app.js";

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      resolve(socket);
    });
    socket.once("error", reject);
  });
}

/** Resolves with what the server wrote once it closed the connection. */
function closedBy(socket: net.Socket): Promise<string> {
  const chunks: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => chunks.push(chunk));
  socket.on("error", () => {
    // A reset is a close too.
  });
  return new Promise((resolve) =>
    socket.once("close", () => {
      resolve(Buffer.concat(chunks).toString("latin1"));
    }),
  );
}

describe("the public listener's limits", () => {
  let app: FastifyInstance | undefined;
  const sockets: net.Socket[] = [];

  afterEach(async () => {
    for (const socket of sockets) socket.destroy();
    await app?.close();
  });

  async function listen(env: Record<string, string>): Promise<number> {
    app = await buildTestApp({ env: { PLATFORM_WEBHOOK_SECRET: "slow-client-secret", ...env } });
    await app.listen({ host: "127.0.0.1", port: 0 });
    return (app.server.address() as AddressInfo).port;
  }

  it("answers 408 and closes a webhook whose body arrives slower than the request time-out", async () => {
    const port = await listen({ HTTP_REQUEST_TIMEOUT_MS: "1000" });
    const socket = await connect(port);
    sockets.push(socket);
    const closed = closedBy(socket);
    socket.write(
      "POST /webhooks/platform HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
        "Content-Length: 1000\r\n\r\n{",
    );
    // One byte every 100 ms: 1000 bytes would take 100 s.
    let sent = 1;
    const drip = setInterval(() => {
      if (!socket.destroyed && socket.writable) socket.write(" ");
      sent += 1;
    }, 100);
    try {
      const answer = await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(sent).toBeLessThan(1000);
    } finally {
      clearInterval(drip);
    }
  });

  it("refuses a connection past the cap while the others stay open", async () => {
    const port = await listen({ HTTP_MAX_CONNECTIONS: "2" });
    const [first, second] = [await connect(port), await connect(port)];
    sockets.push(first, second);
    const third = await connect(port);
    sockets.push(third);
    await closedBy(third);
    const answer = await fetchOver(first, "/healthz");
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  });
});

/** One GET over an open socket; resolves with the start of the answer. */
function fetchOver(socket: net.Socket, path: string): Promise<string> {
  return new Promise((resolve) => {
    socket.once("data", (chunk: Buffer) => {
      resolve(chunk.toString("latin1"));
    });
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  });
}
