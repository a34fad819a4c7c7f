// A platform API address on 127.0.0.1 where nothing listens: every call the bot makes there fails to connect.
import { once } from "node:events";
import { createServer } from "node:net";

/** A PLATFORM_API_URL on a port the OS just handed out and that was closed again. */
export async function unreachablePlatformUrl(): Promise<string> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${String(port)}/v1`;
}
