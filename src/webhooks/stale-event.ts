// Events older than the inbox remembers (docs/architecture.md, "Webhooks in" step 3). The inbox forgets an
// event id a week after it arrived, so a signed capture replayed after that would be a new event and be
// posted again. An event that old cannot be a retry (the last comes 40 min 30 s after the first try), so it
// is acknowledged, so the sender stops, and dropped, with no inbox row and no post.
import { minimumInboxRetentionMs } from "../store/inbox-retention.js";

/**
 * Room for the platform's clock to run ahead of ours: `created` is the platform's time, the inbox prunes by
 * our receive time. An event is pruned at the earliest a week after our clock received it, so an event dated
 * less than this margin after its receipt is already past the cutoff by then (future-event.ts drops one dated
 * further ahead). A clock running behind ours only makes events look older: a real retry is at most
 * 40 min 30 s old, far inside the cutoff. Measured from the shortest retention the worker accepts, so no
 * allowed retention forgets an event this receiver would still take.
 */
export const staleMarginMs = 60 * 60_000;

/** Older than this (by its `created`), an event is dropped. */
export const staleEventAgeMs = minimumInboxRetentionMs - staleMarginMs;

/**
 * How old the event is, when that is past the cutoff; undefined for anything to store. An event dated ahead of
 * our clock is future-event.ts's to judge; one without `created` is never read (normalise-event.ts).
 */
export function readStaleAge(createdAt: number, receivedAt: number): number | undefined {
  const ageMs = receivedAt - createdAt;
  return ageMs > staleEventAgeMs ? ageMs : undefined;
}
