// Retention (docs/architecture.md, "Posting"): delivered and dead outbox rows go after a while; inbox event
// ids stay at least 7 days, well past the platform's last retry at +40m30s, so a late retry is still
// recognised.
import type { Kysely } from "kysely";
import type { Database } from "../store/database.js";
import { pruneInbox } from "../store/inbox.js";
import { minimumInboxRetentionMs } from "../store/inbox-retention.js";
import { pruneOutbox } from "../store/outbox.js";

const day = 24 * 60 * 60_000;

export interface RetentionPolicy {
  /** Delivered and dead outbox rows older than this are deleted. */
  readonly deliveredRetentionMs: number;
  /** Inbox events older than this are forgotten (those an outbox row still names are kept); ≥ 7 days. */
  readonly inboxRetentionMs: number;
}

export { minimumInboxRetentionMs };

export const defaultRetentionPolicy: RetentionPolicy = {
  deliveredRetentionMs: 7 * day,
  inboxRetentionMs: minimumInboxRetentionMs,
};

/**
 * Throws on a policy that would forget event ids before the platform stops retrying (and then some), or
 * before the receiver starts dropping events as too old to be sure of (src/webhooks/stale-event.ts).
 */
export function checkRetentionPolicy(policy: RetentionPolicy): RetentionPolicy {
  if (!(policy.inboxRetentionMs >= minimumInboxRetentionMs)) {
    throw new RangeError("inboxRetentionMs must be at least 7 days, past the platform's last retry");
  }
  if (!(policy.deliveredRetentionMs >= 0)) throw new RangeError("deliveredRetentionMs must be ≥ 0");
  return policy;
}

export interface PruneCounts {
  readonly outboxRows: number;
  readonly inboxEvents: number;
}

/** Outbox first, so the inbox events only those rows named can go in the same pass. */
export async function pruneDelivered(
  db: Kysely<Database>,
  input: RetentionPolicy & { readonly now: number },
): Promise<PruneCounts> {
  checkRetentionPolicy(input);
  const outboxRows = await pruneOutbox(db, input.now - input.deliveredRetentionMs);
  const inboxEvents = await pruneInbox(db, input.now - input.inboxRetentionMs);
  return { outboxRows, inboxEvents };
}
