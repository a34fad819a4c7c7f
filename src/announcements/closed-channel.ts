// What a channel Discord says is gone or closed to the bot means for the subscriptions posting there
// (docs/architecture.md, "Posting"): a deleted channel's are disabled for good; a closed one's are paused,
// and the admins are told, but only when this paused something that was active, so a channel's queued rows
// produce one notice, not one each. The outbox has already dropped the channel's pending rows.
import type { Logger } from "../logger.js";
import type { ReactToFailure } from "../outbox/index.js";
import { listGuildSubscriptions, setChannelSubscriptionsStatus } from "../store/subscriptions.js";

export interface PausedChannelNotice {
  readonly channelId: string;
  /** Discord's error, e.g. "403 Missing Permissions (50013)". */
  readonly reason: string;
  readonly pausedSubscriptions: number;
}

export function describePausedChannel(notice: PausedChannelNotice): string {
  const subscriptions = notice.pausedSubscriptions === 1 ? "subscription" : "subscriptions";
  return (
    `I can no longer post in <#${notice.channelId}> (${notice.reason}), so I paused its ` +
    `${notice.pausedSubscriptions} ${subscriptions}. Give me View Channel, Send Messages and Embed Links ` +
    "there, then run `/subscribe` on that channel to turn its announcements back on; `/setup status` lists paused channels."
  );
}

/** 404 Unknown Channel: the channel is gone for good, so are its subscriptions. */
export function createDisableSubscriptions(logger: Logger): ReactToFailure {
  return async (trx, { guildId, channelId, reason, now }) => {
    const disabled = await setChannelSubscriptionsStatus(trx, {
      channelId,
      status: "disabled",
      reason: `channel deleted: ${reason}`,
      now,
    });
    if (disabled > 0)
      logger.warn({ guildId, channelId, disabled }, "channel is gone: its subscriptions are disabled");
    return undefined;
  };
}

/** 403: each retry would be another invalid request, so the channel's subscriptions wait for an admin. */
export const pauseSubscriptions: ReactToFailure = async (trx, { guildId, channelId, reason, now }) => {
  const active = (await listGuildSubscriptions(trx, guildId)).filter(
    (subscription) => subscription.channelId === channelId && subscription.status === "active",
  );
  await setChannelSubscriptionsStatus(trx, {
    channelId,
    status: "paused",
    reason: `no access: ${reason}`,
    now,
  });
  if (active.length === 0) return undefined;
  return {
    guildId,
    content: describePausedChannel({ channelId, reason, pausedSubscriptions: active.length }),
    what: "paused a channel's announcements",
    logFields: { channelId, reason },
    avoidChannelId: channelId,
  };
};
