// A server's admins hear what the bot could not do on its own (docs/architecture.md, "Posting"): in the admin
// channel from guild_settings when one is set, otherwise only in the bot's log. Posted at once; a post Discord
// fails for a passing reason (an outage, a rate limit, the token refused) is queued in the outbox under the same
// nonce (src/store/admin-notices.ts) and posted once Discord takes it.
import type { REST } from "@discordjs/rest";
import { Routes } from "discord-api-types/v10";
import type { Kysely } from "kysely";
import type { Clock } from "../clock.js";
import { normaliseMessage } from "../discord/message-limits.js";
import type { Logger } from "../logger.js";
import { queueAdminNotice } from "../store/admin-notices.js";
import type { Database } from "../store/database.js";
import { findGuildSettings } from "../store/guild-settings.js";
import { createOrderedId } from "../store/ids.js";
import { classifyFailure } from "./classify-failure.js";

export interface AdminNoticeDeps {
  readonly db: Kysely<Database>;
  readonly rest: REST;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Wakes the outbox worker for a notice queued after a failed post; without it, its next poll sends it. */
  readonly wakeOutbox?: (() => void) | undefined;
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

/** Failures a later try may get past; any other (the channel gone or closed, the body refused) is only logged. */
const passingKinds = new Set(["transient", "rate-limited", "unauthorized"]);

/**
 * Posts `content` in the server's admin channel (`/setup admin-channel`), or only logs it when there is none.
 * Whatever it reports is already stored, so Discord failing the post does not fail the caller: a post failed
 * for a passing reason is queued for the outbox, one refused for good (the admin channel deleted or closed) is
 * logged. Only a database that cannot read the server's settings throws.
 */
export async function tellAdmins(deps: AdminNoticeDeps, notice: AdminNotice): Promise<void> {
  const logFields = { guildId: notice.guildId, ...notice.logFields };
  const settings = await findGuildSettings(deps.db, notice.guildId);
  const adminChannelId = settings?.adminChannelId ?? null;
  if (adminChannelId === null || adminChannelId === notice.avoidChannelId) {
    deps.logger.warn(logFields, `${notice.what}; the server has no admin channel to tell`);
    return;
  }
  const now = deps.clock.now();
  // The nonce the outbox sends a queued notice under too: a post Discord made though its answer was lost is
  // not made twice.
  const nonce = createOrderedId(now);
  try {
    await deps.rest.post(Routes.channelMessages(adminChannelId), {
      body: normaliseMessage({ content: notice.content, nonce, enforce_nonce: true }),
    });
    deps.logger.info({ ...logFields, adminChannelId }, `${notice.what}; told the server's admins`);
    return;
  } catch (error) {
    const failure = classifyFailure(error, "post");
    if (!passingKinds.has(failure.kind)) {
      deps.logger.warn(
        { ...logFields, adminChannelId, err: error },
        `${notice.what} but could not tell the admin channel`,
      );
      return;
    }
    await queueNotice(deps, notice, { id: nonce, adminChannelId, now, failure: failure.detail }, logFields);
  }
}

async function queueNotice(
  deps: AdminNoticeDeps,
  notice: AdminNotice,
  input: {
    readonly id: string;
    readonly adminChannelId: string;
    readonly now: number;
    readonly failure: string;
  },
  logFields: Record<string, unknown>,
): Promise<void> {
  const { adminChannelId } = input;
  try {
    await queueAdminNotice(deps.db, {
      id: input.id,
      guildId: notice.guildId,
      channelId: adminChannelId,
      content: notice.content,
      now: input.now,
    });
  } catch (error) {
    deps.logger.warn(
      { ...logFields, adminChannelId, failure: input.failure, err: error },
      `${notice.what} but could not tell the admin channel, nor queue the notice`,
    );
    return;
  }
  deps.logger.info(
    { ...logFields, adminChannelId, outboxId: input.id, failure: input.failure },
    `${notice.what}; the admins' notice failed for now (${input.failure}) and is queued to be posted`,
  );
  deps.wakeOutbox?.();
}
