// The slow proxy in a process of its own: while the platform is "slow", 100 handlers open connections to it at
// once, and accepting them on the fake Discord's event loop would delay the very answers being timed.
// IPC: it sends `{ url }` once listening; `{ target?, delayMs? }` sets those and is answered with `{ received }`,
// the number of requests received so far.
import { startSlowProxy } from "./slow-proxy.js";

interface ProxySettings {
  readonly target?: string;
  readonly delayMs?: number;
}

const proxy = await startSlowProxy();
process.on("message", (settings: ProxySettings) => {
  if (settings.target !== undefined) proxy.target = settings.target;
  if (settings.delayMs !== undefined) proxy.delayMs = settings.delayMs;
  process.send?.({ received: proxy.received });
});
process.on("SIGTERM", () => {
  void proxy.close().then(() => process.exit(0));
});
process.send?.({ url: proxy.url });
