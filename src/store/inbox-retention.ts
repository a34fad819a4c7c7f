// How long the inbox remembers an event id (docs/architecture.md, "Posting"). Two parts of the bot lean on
// it: the outbox worker prunes the inbox after it (src/outbox/prune-delivered.ts), and the receiver drops an
// event older than it (src/webhooks/stale-event.ts), so a capture replayed after pruning is not taken for a
// new event.

const day = 24 * 60 * 60_000;

/**
 * The shortest inbox retention the worker accepts. The platform's last retry comes 40 min 30 s after the
 * first try (the platform's API reference, "Delivery and retries"), so a week is far past it.
 */
export const minimumInboxRetentionMs = 7 * day;
