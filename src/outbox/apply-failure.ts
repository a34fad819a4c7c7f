// Discord's error policy (docs/architecture.md, "Posting") for the rows of one message, a row sent alone being
// a group of one: the rows share the message's fate, so they wait and retry together and are resent as the
// same group under the same nonce. What a failure means beyond the rows is for their sources to say.
import { dissolveOutboxGroup } from "../store/outbox-groups.js";
import { markOutboxDead, rescheduleOutbox } from "../store/outbox-lease.js";
import type { OutboxEntry } from "../store/outbox.js";
import { describeError, isChannelFailure, type DeliveryFailure } from "./classify-failure.js";
import { closeChannel } from "./close-channel.js";
import { noticeRemoval } from "./notice-removal.js";
import type { OutboxDeps } from "./outbox-deps.js";
import { describeResult, type OutboxResult } from "./outbox-result.js";
import { collectRowNotices, isReactedTo, tellFirstNotice } from "./react-to-failure.js";
import { computeRetryDelay, hasExhaustedRetries } from "./retry-policy.js";

/**
 * Records the failure for every row. On "unauthorized" the worker has already stopped sending; rows are
 * released. The rows' record and their sources' reaction (a thread forgotten, its posts moved to the channel)
 * commit together: a crash between them would leave a row dead with nothing done about why. Should that
 * transaction fail where a source reacts, nothing of it is kept and the rows are retried with backoff, so a
 * reaction that keeps failing does not have them sent again forever: out of retries, they are given up
 * without it.
 */
export async function applyFailure(
  deps: OutboxDeps,
  entries: readonly OutboxEntry[],
  failure: DeliveryFailure,
): Promise<OutboxResult[]> {
  try {
    if (!isChannelFailure(failure)) return await applyRowFailure(deps, entries, failure);
    const [first] = entries;
    if (failure.kind === "no-access" && first !== undefined) {
      const standing = await noticeRemoval(deps, first.guildId);
      if (standing === "unknown") {
        const reason = `${failure.detail}; Discord did not say whether the bot is still in the server`;
        return await retryLater(deps, entries, reason, { outlastOutages: true });
      }
    }
    return await closeChannel(deps, entries, failure);
  } catch (error) {
    if (!isReactedTo(deps.sources, entries, failure)) throw error;
    deps.logger.error(
      { err: error, outboxIds: entries.map((entry) => entry.id), failure: failure.kind },
      "reacting to an outbox failure failed; its rows are retried later",
    );
    return retryLater(deps, entries, `${failure.detail}; reacting to it failed: ${describeError(error)}`);
  }
}

async function applyRowFailure(
  deps: OutboxDeps,
  entries: readonly OutboxEntry[],
  failure: Exclude<DeliveryFailure, { kind: "channel-gone" | "no-access" }>,
): Promise<OutboxResult[]> {
  const { results, notices } = await deps.db.transaction().execute(async (trx) => {
    const inTransaction = { ...deps, db: trx };
    return {
      results: await recordRowFailure(inTransaction, entries, failure),
      notices: await collectRowNotices(inTransaction, entries, failure),
    };
  });
  await tellFirstNotice(deps, notices);
  return results;
}

async function recordRowFailure(
  deps: OutboxDeps,
  entries: readonly OutboxEntry[],
  failure: Exclude<DeliveryFailure, { kind: "channel-gone" | "no-access" }>,
): Promise<OutboxResult[]> {
  const { db, owner } = deps;
  const reason = failure.detail;
  switch (failure.kind) {
    case "rate-limited": {
      const nextAttemptAt = deps.clock.now() + failure.retryAfterMs;
      for (const { id } of entries) {
        await rescheduleOutbox(db, { id, owner, nextAttemptAt, error: reason, countAttempt: false });
      }
      return entries.map((entry) => describeResult(entry, "rate-limited", { reason }));
    }
    case "unauthorized":
      return Promise.all(entries.map((entry) => releaseEntry(deps, entry, reason)));
    case "transient":
      return retryLater(deps, entries, reason, { outlastOutages: true });
    case "thread-gone":
    case "thread-refused":
      return giveUp(deps, entries, reason);
    case "rejected":
    case "message-gone":
      if (isGroupOfOne(entries)) return giveUp(deps, entries, reason);
      return partRows(deps, entries, reason);
  }
}

/** A row sent alone, or a group already broken up: nothing left to part. */
function isGroupOfOne(entries: readonly OutboxEntry[]): boolean {
  const [first] = entries;
  return entries.length === 1 && (first?.groupId === null || first?.groupId === first?.id);
}

/**
 * Hands the row back with no attempt counted: it was not its own fault. Due after `delayMs` when given, else
 * left due when it was, so it keeps its place before its channel's later rows (docs/architecture.md,
 * "Posting"): due now, it would come after every row due since. Only while the row is in the group `entry`
 * names: a row handed back as claimed ("channel busy") that its channel's summary took into a group meanwhile
 * stays that group's, or a send of the group's rows without it would leave it behind under the group's nonce.
 */
export async function releaseEntry(
  deps: OutboxDeps,
  entry: OutboxEntry,
  reason: string,
  delayMs?: number,
): Promise<OutboxResult> {
  const handedBack = await rescheduleOutbox(deps.db, {
    id: entry.id,
    owner: deps.owner,
    nextAttemptAt: delayMs === undefined ? entry.nextAttemptAt : deps.clock.now() + delayMs,
    error: reason,
    countAttempt: false,
    groupId: entry.groupId,
  });
  // Not handed back: the row is left to its new state (a group being sent reports it again when it is done).
  const said = handedBack ? reason : `${reason}; left to the group or the lease it is in now`;
  return describeResult(entry, "released", { reason: said });
}

/**
 * One backoff for all the rows, counted from the row that has failed most. A failure of Discord's side
 * (`outlastOutages`) gives no row up before it has waited its day (outboxRetryPolicy), the newest row of a
 * message deciding; a reaction that keeps failing is given up after the attempts alone.
 */
async function retryLater(
  deps: OutboxDeps,
  entries: readonly OutboxEntry[],
  reason: string,
  options: { readonly outlastOutages?: boolean } = {},
): Promise<OutboxResult[]> {
  const { db, owner } = deps;
  const failedAttempts = Math.max(...entries.map((entry) => entry.attempts)) + 1;
  const waitedMs =
    options.outlastOutages === true
      ? deps.clock.now() - Math.max(...entries.map((entry) => entry.createdAt))
      : undefined;
  if (hasExhaustedRetries(deps.retry, failedAttempts, waitedMs)) {
    return giveUp(deps, entries, `gave up after ${failedAttempts} attempts: ${reason}`);
  }
  const nextAttemptAt = deps.clock.now() + computeRetryDelay(deps.retry, failedAttempts, deps.random);
  for (const { id } of entries) await rescheduleOutbox(db, { id, owner, nextAttemptAt, error: reason });
  return entries.map((entry) => describeResult(entry, "retry", { reason }));
}

async function giveUp(
  deps: OutboxDeps,
  entries: readonly OutboxEntry[],
  error: string,
): Promise<OutboxResult[]> {
  for (const { id } of entries) await markOutboxDead(deps.db, { id, owner: deps.owner, error });
  return entries.map((entry) => describeResult(entry, "dead", { reason: error }));
}

/**
 * Discord made no message for a request it refused, so the rows may part: each is then sent alone (with its
 * own id as the nonce), and only a row that is itself wrong ends dead.
 */
async function partRows(
  deps: OutboxDeps,
  entries: readonly OutboxEntry[],
  reason: string,
): Promise<OutboxResult[]> {
  const error = `${reason}; the rows are sent one by one`;
  const ids = entries.map((entry) => entry.id);
  await dissolveOutboxGroup(deps.db, { ids, owner: deps.owner, nextAttemptAt: deps.clock.now(), error });
  return entries.map((entry) => describeResult(entry, "released", { reason: error }));
}
