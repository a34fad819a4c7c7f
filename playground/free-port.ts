import { once } from "node:events";
import { createServer } from "node:net";

// Below every common ephemeral range (Linux from 32768, Windows and macOS from 49152): a port the OS hands out
// for `listen(0)` or an outgoing connection never lands here, so between the check and the bot's own listen
// only another caller of this function could take it, and with random picks that is rare.
const firstPort = 20_000;
const portCount = 12_000;
const attempts = 50;

/** A port free on 127.0.0.1 right now: the bot's PUBLIC_URL must be known before it starts listening. */
export async function findFreePort(): Promise<number> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const port = firstPort + Math.floor(Math.random() * portCount);
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port found on 127.0.0.1 in ${attempts} tries`);
}

async function isFree(port: number): Promise<boolean> {
  const server = createServer();
  server.listen(port, "127.0.0.1");
  try {
    await once(server, "listening");
  } catch {
    return false;
  }
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
  return true;
}
