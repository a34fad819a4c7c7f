// A platform that takes its time: an HTTP proxy in front of the sandbox that holds every request for `delayMs`
// before passing it on untouched. The sandbox itself answers at once, so a slow platform is made here.
import { once } from "node:events";
import { createServer, request as forward } from "node:http";
import type { AddressInfo } from "node:net";
import { spawnNodeChild } from "./node-child.js";

export interface SlowProxy {
  /** The proxy's base address; point PLATFORM_API_URL at `${url}/v1`. */
  readonly url: string;
  /** Where requests go: the sandbox's base address, known only once it listens. */
  target: string;
  /** How long each request waits before it is forwarded; 0 passes it on at once. */
  delayMs: number;
  /** Requests received so far. */
  readonly received: number;
  close(): Promise<void>;
}

export async function startSlowProxy(): Promise<SlowProxy> {
  let received = 0;
  const server = createServer((request, response) => {
    received += 1;
    setTimeout(() => {
      const upstream = forward(
        new URL(request.url ?? "/", proxy.target),
        { method: request.method, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on("error", () => {
        if (response.headersSent) response.destroy();
        else response.writeHead(502).end();
      });
      // The body stays buffered in the paused request until it is piped here.
      request.pipe(upstream);
    }, proxy.delayMs);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const proxy: SlowProxy = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    target: "",
    delayMs: 0,
    get received() {
      return received;
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
  return proxy;
}

export interface SlowProxyProcess {
  readonly url: string;
  /** Sets what is given, and answers how many requests the proxy has received so far. */
  configure(settings: { readonly target?: string; readonly delayMs?: number }): Promise<number>;
  close(): Promise<void>;
}

/** The same proxy in a child process (slow-proxy-child.ts), off the benchmark's event loop. */
export async function startSlowProxyProcess(): Promise<SlowProxyProcess> {
  const child = spawnNodeChild("bench/support/slow-proxy-child.ts");
  const { url } = await child.nextMessage<{ url: string }>(15_000);
  return {
    url,
    async configure(settings) {
      const acknowledged = child.nextMessage<{ received: number }>(5000);
      child.process.send(settings);
      return (await acknowledged).received;
    },
    async close() {
      await child.stop();
    },
  };
}
