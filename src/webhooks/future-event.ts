// Events dated ahead of our clock (docs/architecture.md, "Webhooks in" step 3; docs/platform-assumptions.md,
// "Event times"). The inbox forgets an event a week after our clock received it, and the receiver drops one
// whose own `created` is a week old less stale-event.ts's margin; an event dated further ahead than that
// margin would still be taken when a capture of it is replayed after the prune, and be posted again. So an
// event more than a small allowance ahead is not stored now: it is answered 425 (Too Early), and the platform,
// which retries any answer but a 2xx for 40 min 30 s, sends it again; a retry our clock has come near enough to
// is stored as any event is. A clock up to about 45 minutes behind the platform's delays events, not loses them.
import { staleMarginMs } from "./stale-event.js";

/**
 * How far the platform's clock may run ahead of ours: clocks kept by NTP differ by well under a second, so a
 * few minutes is room for a badly kept one. Anything up to staleMarginMs would keep a replay from posting
 * twice; the smaller allowance shows a skewed clock sooner, in the warnings and the `future` count, and each
 * retry of the platform's schedule after it brings such an event in.
 */
export const futureAllowanceMs = 5 * 60_000;

if (futureAllowanceMs > staleMarginMs) {
  throw new Error("an event dated past the stale margin could be replayed after the inbox forgot it");
}

/** How far ahead of `receivedAt` the event is dated, when past the allowance; undefined for anything to store. */
export function readFutureLead(
  createdAt: number,
  receivedAt: number,
  allowanceMs: number = futureAllowanceMs,
): number | undefined {
  const leadMs = createdAt - receivedAt;
  return leadMs > allowanceMs ? leadMs : undefined;
}
