// An HTTP proxy on 127.0.0.1 that loses the answers of chosen requests: the request reaches the server (the fake
// Discord), which acts on it, and the client gets a 502 instead of the answer, as from a gateway failing on the
// way back. What a create without a nonce must survive without being made twice.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach } from "vitest";

export interface AnswerDroppingProxy {
  /** The proxy's origin, `http://127.0.0.1:<port>`. */
  readonly origin: string;
  /** Answers lost so far. */
  readonly dropped: number;
  /** Loses the answer of the next request `matches` picks (after the server answered it). */
  dropNext(matches: (method: string, path: string) => boolean): void;
  close(): Promise<void>;
}

/** Hop-by-hop and body-framing headers, which the proxy's own request and answer set for themselves. */
const notForwarded = new Set([
  "host",
  "connection",
  "content-length",
  "transfer-encoding",
  "content-encoding",
]);

function forwardable(headers: IncomingHttpHeaders | Headers): Record<string, string> {
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  const kept: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (value === undefined || notForwarded.has(name.toLowerCase())) continue;
    kept[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return kept;
}

export async function startAnswerDroppingProxy(targetOrigin: string): Promise<AnswerDroppingProxy> {
  const drops: ((method: string, path: string) => boolean)[] = [];
  let dropped = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const method = request.method ?? "GET";
      const path = request.url ?? "/";
      const init: RequestInit = { method, headers: forwardable(request.headers) };
      if (method !== "GET" && method !== "HEAD") init.body = Buffer.concat(chunks);
      void fetch(`${targetOrigin}${path}`, init)
        .then(async (upstream) => {
          const answer = Buffer.from(await upstream.arrayBuffer());
          const drop = drops.findIndex((matches) => matches(method, path));
          if (drop !== -1) {
            drops.splice(drop, 1);
            dropped += 1;
            response.writeHead(502, { "content-type": "text/plain" });
            response.end("bad gateway");
            return;
          }
          response.writeHead(upstream.status, forwardable(upstream.headers));
          response.end(answer);
        })
        .catch(() => {
          response.writeHead(502, { "content-type": "text/plain" });
          response.end("upstream unreachable");
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`,
    get dropped() {
      return dropped;
    },
    dropNext: (matches) => {
      drops.push(matches);
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

/**
 * Registers the hooks: before each test, a proxy in front of the origin of `apiUrl()` (read then, as fakes
 * start in their own hooks), closed after it. Read `current` inside tests.
 */
export function useAnswerDroppingProxy(apiUrl: () => string): { readonly current: AnswerDroppingProxy } {
  const holder = {} as { current: AnswerDroppingProxy };
  beforeEach(async () => {
    holder.current = await startAnswerDroppingProxy(new URL(apiUrl()).origin);
  });
  afterEach(async () => {
    await holder.current.close();
  });
  return holder;
}
