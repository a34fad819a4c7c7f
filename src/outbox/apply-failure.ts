// Discord's error policy for a failed row (docs/architecture.md, "Posting"): what becomes of the row, and of
// the channel's subscriptions and other pending rows when the channel itself is the problem.
import { markChannelOutboxDead, markOutboxDead, rescheduleOutbox } from "../store/outbox-lease.js";
import type { OutboxEntry } from "../store/outbox.js";
import { recordChannelProblem } from "../store/reminder-settings.js";
import { listGuildSubscriptions, setChannelSubscriptionsStatus } from "../store/subscriptions.js";
import type { DeliveryFailure } from "./classify-failure.js";
import type { OutboxDeps } from "./outbox-deps.js";
import { describeResult, type OutboxResult } from "./outbox-result.js";
import { computeRetryDelay, hasExhaustedRetries } from "./retry-policy.js";
import { tellAdmins, tellAdminsChannelPaused } from "./tell-admins.js";

/** Records the failure. On "unauthorized" the worker has already stopped sending; the row is released. */
export async function applyFailure(
  deps: OutboxDeps,
  entry: OutboxEntry,
  failure: DeliveryFailure,
): Promise<OutboxResult> {
  const { db, owner } = deps;
  const now = deps.clock.now();
  const reason = failure.detail;
  switch (failure.kind) {
    case "rate-limited": {
      const nextAttemptAt = now + failure.retryAfterMs;
      await rescheduleOutbox(db, { id: entry.id, owner, nextAttemptAt, error: reason, countAttempt: false });
      return describeResult(entry, "rate-limited", { reason });
    }
    case "unauthorized":
      return releaseEntry(deps, entry, reason);
    case "transient":
      return retryLater(deps, entry, reason);
    case "rejected":
    case "message-gone":
      await markOutboxDead(db, { id: entry.id, owner, error: reason });
      return describeResult(entry, "dead", { reason });
    case "channel-gone":
      if (!(await markOutboxDead(db, { id: entry.id, owner, error: reason })))
        return leftAlone(entry, reason);
      await disableChannel(deps, entry, reason);
      return describeResult(entry, "dead", { reason });
    case "no-access":
      if (!(await markOutboxDead(db, { id: entry.id, owner, error: reason })))
        return leftAlone(entry, reason);
      await pauseChannel(deps, entry, reason);
      return describeResult(entry, "dead", { reason });
  }
}

/**
 * The row stopped being this worker's while it was sent: another worker took it over when the lease lapsed
 * (and will meet the same error), or the bot was removed from the server, which dropped the row and must
 * leave the channel as it was for when the bot comes back (docs/architecture.md, "When the bot leaves a
 * server"). Either way the channel is not this worker's to change.
 */
function leftAlone(entry: OutboxEntry, reason: string): OutboxResult {
  return describeResult(entry, "released", { reason: `${reason}; the row is no longer this worker's` });
}

/** Hands the row back, due after `delayMs` and with no attempt counted: it was not its own fault. */
export async function releaseEntry(
  deps: OutboxDeps,
  entry: OutboxEntry,
  reason: string,
  delayMs = 0,
): Promise<OutboxResult> {
  await rescheduleOutbox(deps.db, {
    id: entry.id,
    owner: deps.owner,
    nextAttemptAt: deps.clock.now() + delayMs,
    error: reason,
    countAttempt: false,
  });
  return describeResult(entry, "released", { reason });
}

async function retryLater(deps: OutboxDeps, entry: OutboxEntry, reason: string): Promise<OutboxResult> {
  const failedAttempts = entry.attempts + 1;
  if (hasExhaustedRetries(deps.retry, failedAttempts)) {
    const error = `gave up after ${failedAttempts} attempts: ${reason}`;
    await markOutboxDead(deps.db, { id: entry.id, owner: deps.owner, error });
    return describeResult(entry, "dead", { reason: error });
  }
  const delay = computeRetryDelay(deps.retry, failedAttempts, deps.random);
  await rescheduleOutbox(deps.db, {
    id: entry.id,
    owner: deps.owner,
    nextAttemptAt: deps.clock.now() + delay,
    error: reason,
  });
  return describeResult(entry, "retry", { reason });
}

/** 404 Unknown Channel: the channel is gone for good, so are its routes and what was queued for it. */
async function disableChannel(deps: OutboxDeps, entry: OutboxEntry, reason: string): Promise<void> {
  const statusReason = `channel deleted: ${reason}`;
  const { disabled, dropped } = await deps.db.transaction().execute(async (trx) => ({
    disabled: await setChannelSubscriptionsStatus(trx, {
      channelId: entry.channelId,
      status: "disabled",
      reason: statusReason,
      now: deps.clock.now(),
    }),
    dropped: await markChannelOutboxDead(trx, { channelId: entry.channelId, error: statusReason }),
  }));
  deps.logger.warn(
    { guildId: entry.guildId, channelId: entry.channelId, disabled, dropped },
    "channel is gone: its subscriptions are disabled and its pending announcements dropped",
  );
}

/**
 * 403: pause the channel's subscriptions and drop its pending rows (each retry would be another invalid
 * request, which Discord counts towards a ban). Admins are told only when this pauses something that was
 * active, so a channel's queued rows produce one notice, not one each.
 */
async function pauseChannel(deps: OutboxDeps, entry: OutboxEntry, reason: string): Promise<void> {
  const { channelId, guildId } = entry;
  const statusReason = `no access: ${reason}`;
  const pausedSubscriptions = await deps.db.transaction().execute(async (trx) => {
    const active = (await listGuildSubscriptions(trx, guildId)).filter(
      (subscription) => subscription.channelId === channelId && subscription.status === "active",
    );
    await setChannelSubscriptionsStatus(trx, {
      channelId,
      status: "paused",
      reason: statusReason,
      now: deps.clock.now(),
    });
    await markChannelOutboxDead(trx, { channelId, error: statusReason });
    return active.length;
  });
  // Tournament reminders have no subscription to pause: their channel's problem is recorded instead, once.
  const remindersHere = await recordChannelProblem(deps.db, {
    guildId,
    channelId,
    problem: reason,
    now: deps.clock.now(),
  });
  if (pausedSubscriptions > 0) {
    await tellAdminsChannelPaused(deps, { guildId, channelId, reason, pausedSubscriptions });
  } else if (remindersHere) {
    await tellAdmins(deps, {
      guildId,
      content:
        `I can no longer post tournament reminders in <#${channelId}> (${reason}). Give me View Channel, ` +
        "Send Messages and Embed Links there, or pick another channel, then run `/setup reminders set` again.",
      avoidChannelId: channelId,
      logFields: { channelId, reason },
      what: "could not post a tournament reminder",
    });
  } else {
    deps.logger.warn({ guildId, channelId, reason }, "no access to a channel with no active subscription");
  }
}
