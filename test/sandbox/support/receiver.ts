// A real webhook endpoint on 127.0.0.1 that records what arrives and answers with a chosen status.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  received: ReceivedDelivery[];
  /** Resolves once at least `count` deliveries arrived. */
  waitFor(count: number): Promise<ReceivedDelivery[]>;
  setStatus(status: number): void;
  close(): Promise<void>;
}

export async function startReceiver(initialStatus = 200): Promise<Receiver> {
  let status = initialStatus;
  const received: ReceivedDelivery[] = [];
  const waiters: { count: number; resolve: (deliveries: ReceivedDelivery[]) => void }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(status, { "content-type": "text/plain" }).end("ok");
      for (const waiter of waiters.filter((candidate) => received.length >= candidate.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve([...received]);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    waitFor: (count) =>
      received.length >= count
        ? Promise.resolve([...received])
        : new Promise((resolve) => waiters.push({ count, resolve })),
    setStatus: (next) => {
      status = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}
