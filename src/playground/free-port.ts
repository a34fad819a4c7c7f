import { once } from "node:events";
import { createServer } from "node:net";

/** A port free on 127.0.0.1 right now: the bot's PUBLIC_URL must be known before it starts listening. */
export async function findFreePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
  return port;
}
