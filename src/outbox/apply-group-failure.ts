// Discord's error policy (docs/architecture.md, "Posting") for a message that carried several rows: the rows
// share its fate, so they wait and retry together and are resent as the same group under the same nonce.
import { dissolveOutboxGroup } from "../store/outbox-groups.js";
import { markOutboxDead, rescheduleOutbox } from "../store/outbox-lease.js";
import type { OutboxEntry } from "../store/outbox.js";
import { applyFailure, releaseEntry } from "./apply-failure.js";
import type { DeliveryFailure } from "./classify-failure.js";
import type { OutboxDeps } from "./outbox-deps.js";
import { describeResult, type OutboxResult } from "./outbox-result.js";
import { computeRetryDelay, hasExhaustedRetries } from "./retry-policy.js";

/** Records the failure for every row of the group; a row alone goes through the single-row policy. */
export async function applyGroupFailure(
  deps: OutboxDeps,
  entries: readonly OutboxEntry[],
  failure: DeliveryFailure,
): Promise<OutboxResult[]> {
  const [first] = entries;
  if (first === undefined) return [];
  const grouped = first.groupId !== null && first.groupId !== first.id;
  if (entries.length === 1 && !grouped) return [await applyFailure(deps, first, failure)];
  const { db, owner } = deps;
  const now = deps.clock.now();
  const reason = failure.detail;
  switch (failure.kind) {
    case "rate-limited": {
      const nextAttemptAt = now + failure.retryAfterMs;
      for (const { id } of entries) {
        await rescheduleOutbox(db, { id, owner, nextAttemptAt, error: reason, countAttempt: false });
      }
      return entries.map((entry) => describeResult(entry, "rate-limited", { reason }));
    }
    case "unauthorized":
      return Promise.all(entries.map((entry) => releaseEntry(deps, entry, reason)));
    case "transient":
      return retryGroupLater(deps, entries, reason);
    case "rejected":
    case "message-gone": {
      // Discord made no message for a request it refused, so the rows may part: each is then sent alone
      // (with its own id as the nonce), and only a row that is itself wrong ends dead.
      const error = `${reason}; the rows are sent one by one`;
      const ids = entries.map((entry) => entry.id);
      await dissolveOutboxGroup(db, { ids, owner, nextAttemptAt: now, error });
      return entries.map((entry) => describeResult(entry, "released", { reason: error }));
    }
    case "channel-gone":
    case "no-access": {
      // The first row takes the channel's policy, which drops every pending row of the channel, ours too.
      const results = [await applyFailure(deps, first, failure)];
      for (const entry of entries.slice(1)) {
        await markOutboxDead(db, { id: entry.id, owner, error: reason });
        results.push(describeResult(entry, "dead", { reason }));
      }
      return results;
    }
  }
}

/** One backoff for the whole group, counted from the row that has failed most. */
async function retryGroupLater(
  deps: OutboxDeps,
  entries: readonly OutboxEntry[],
  reason: string,
): Promise<OutboxResult[]> {
  const { db, owner } = deps;
  const failedAttempts = Math.max(...entries.map((entry) => entry.attempts)) + 1;
  if (hasExhaustedRetries(deps.retry, failedAttempts)) {
    const error = `gave up after ${failedAttempts} attempts: ${reason}`;
    for (const { id } of entries) await markOutboxDead(db, { id, owner, error });
    return entries.map((entry) => describeResult(entry, "dead", { reason: error }));
  }
  const nextAttemptAt = deps.clock.now() + computeRetryDelay(deps.retry, failedAttempts, deps.random);
  for (const { id } of entries) await rescheduleOutbox(db, { id, owner, nextAttemptAt, error: reason });
  return entries.map((entry) => describeResult(entry, "retry", { reason }));
}
