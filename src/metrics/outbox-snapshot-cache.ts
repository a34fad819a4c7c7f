import type { Clock } from "../clock.js";
import type { OutboxSnapshot } from "./bot-metrics.js";

/** How long one reading of the outbox serves scrapes; Prometheus scrapes every 15 s or more by default. */
export const outboxSnapshotMaxAgeMs = 5000;

const unreadable: OutboxSnapshot = { pending: Number.NaN, oldestPendingAgeSeconds: Number.NaN };

/**
 * Reads the outbox at most once per `maxAgeMs`: both outbox gauges of one scrape share one reading (one query),
 * and a burst of scrapes costs the database nothing more. A failed reading reports NaN until it is retried.
 */
export function cacheOutboxSnapshot(
  read: () => Promise<OutboxSnapshot>,
  clock: Clock,
  maxAgeMs = outboxSnapshotMaxAgeMs,
): () => Promise<OutboxSnapshot> {
  let last: { readonly at: number; readonly snapshot: Promise<OutboxSnapshot> } | undefined;
  return () => {
    const now = clock.now();
    if (last === undefined || now - last.at >= maxAgeMs) {
      last = { at: now, snapshot: read().catch(() => unreadable) };
    }
    return last.snapshot;
  };
}
