// Polling for a condition in another process: there is no clock to move or event to await across processes.
import { setTimeout as delay } from "node:timers/promises";

export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  options: { readonly timeoutMs: number; readonly what: string; readonly intervalMs?: number },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline)
      throw new Error(`timed out after ${options.timeoutMs} ms waiting for ${options.what}`);
    await delay(options.intervalMs ?? 10);
  }
}
