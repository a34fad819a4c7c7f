// A server's admins hear what the bot could not do on its own (docs/architecture.md, "Posting"): in the admin
// channel from guild_settings when one is set, otherwise only in the bot's log.
import type { REST } from "@discordjs/rest";
import { Routes } from "discord-api-types/v10";
import type { Kysely } from "kysely";
import { normaliseMessage } from "../discord/message-limits.js";
import type { Logger } from "../logger.js";
import type { Database } from "../store/database.js";
import { findGuildSettings } from "../store/guild-settings.js";

export interface AdminNoticeDeps {
  readonly db: Kysely<Database>;
  readonly rest: REST;
  readonly logger: Logger;
}

export interface AdminNotice {
  readonly guildId: string;
  readonly content: string;
  /** What happened, for the log line ("paused a channel's posts"). */
  readonly what: string;
  readonly logFields?: Readonly<Record<string, unknown>>;
  /** A channel closed to the bot: telling the admins there would only fail again. */
  readonly avoidChannelId?: string;
}

/**
 * Posts `content` in the server's admin channel (`/setup admin-channel`), or only logs it when there is none.
 * Best effort: a notice that cannot be sent is logged, never retried; whatever it reports is already stored.
 */
export async function tellAdmins(deps: AdminNoticeDeps, notice: AdminNotice): Promise<void> {
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
