// A Server-Sent Events stream (the page's live views, live-route.ts and dm-routes.ts): opened on a hijacked
// reply, kept alive through proxies with a comment every 15 s, and its watchers stopped when the page goes.
import type { FastifyReply, FastifyRequest } from "fastify";

const keepAliveMs = 15_000;

export interface EventStream {
  /** Sends one event named `event` with `data` as JSON. */
  send(event: string, data: unknown): void;
}

/** Opens the stream, then calls `watch`; the functions it returns stop its watchers once the page closes it. */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  watch: (stream: EventStream) => readonly (() => void)[],
): void {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    connection: "keep-alive",
  });
  raw.write(": live\n\n");
  const stops = watch({
    send: (event, data) => raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
  });
  const keepAlive = setInterval(() => raw.write(": keep-alive\n\n"), keepAliveMs);
  keepAlive.unref();
  request.raw.on("close", () => {
    clearInterval(keepAlive);
    for (const stop of stops) stop();
  });
}
