// A server's admins hear once that a channel's announcements were paused (docs/architecture.md, "Posting"):
// in the admin channel from guild_settings when one is set, otherwise only in the bot's log.
import type { REST } from "@discordjs/rest";
import { Routes } from "discord-api-types/v10";
import type { Kysely } from "kysely";
import { normaliseMessage } from "../discord/message-limits.js";
import type { Logger } from "../logger.js";
import type { Database } from "../store/database.js";
import { findGuildSettings } from "../store/guild-settings.js";

export interface PausedChannelNotice {
  readonly guildId: string;
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
    "there, then turn its announcements back on; `/setup status` lists paused channels."
  );
}

/** Best effort: a notice that cannot be sent is logged, never retried (the pause itself is stored). */
export async function tellAdminsChannelPaused(
  deps: AdminNoticeDeps,
  notice: PausedChannelNotice,
): Promise<void> {
  await tellAdmins(deps, {
    guildId: notice.guildId,
    content: describePausedChannel(notice),
    // Telling admins in the very channel that was closed to the bot would only fail again.
    avoidChannelId: notice.channelId,
    logFields: { channelId: notice.channelId, reason: notice.reason },
    what: "paused a channel's announcements",
  });
}

export interface AdminNoticeDeps {
  readonly db: Kysely<Database>;
  readonly rest: REST;
  readonly logger: Logger;
}

/**
 * Posts `content` in the server's admin channel (`/setup admin-channel`), or only logs it when there is none.
 * Best effort: a notice that cannot be sent is logged, never retried; whatever it reports is already stored.
 */
export async function tellAdmins(
  deps: AdminNoticeDeps,
  notice: {
    readonly guildId: string;
    readonly content: string;
    /** What happened, for the log line ("paused a channel's announcements"). */
    readonly what: string;
    readonly logFields?: Readonly<Record<string, unknown>>;
    readonly avoidChannelId?: string;
  },
): Promise<void> {
  const logFields = { guildId: notice.guildId, ...notice.logFields };
  const settings = await findGuildSettings(deps.db, notice.guildId);
  const adminChannelId = settings?.adminChannelId ?? null;
  if (adminChannelId === null || adminChannelId === notice.avoidChannelId) {
    deps.logger.warn(logFields, `${notice.what}; the server has no admin channel to tell`);
    return;
  }
  try {
    await deps.rest.post(Routes.channelMessages(adminChannelId), {
      body: normaliseMessage({ content: notice.content }),
    });
    deps.logger.info({ ...logFields, adminChannelId }, `${notice.what}; told the server's admins`);
  } catch (error) {
    deps.logger.warn(
      { ...logFields, adminChannelId, err: error },
      `${notice.what} but could not tell the admin channel`,
    );
  }
}
