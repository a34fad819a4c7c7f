// A webhook endpoint on 127.0.0.1 that answers every delivery to `/status/<code>` with that code.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface StatusReceiver {
  /** The URL whose deliveries are answered with `status`. */
  urlAnswering(status: number): string;
  close(): Promise<void>;
}

export async function startStatusReceiver(): Promise<StatusReceiver> {
  const server = createServer((request, response) => {
    const status = Number(/^\/status\/(\d{3})$/.exec(request.url ?? "")?.[1] ?? 404);
    request.resume();
    request.on("end", () => {
      response.writeHead(status, { "content-type": "text/plain" }).end("answered");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    urlAnswering: (status) => `http://127.0.0.1:${port}/status/${status}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}
