// Channels where Discord refused a battle card's thread (docs/architecture.md, "Posting"): a card posted
// there starts none until an admin resumes the channel (`/subscribe` in it), so the admins hear of the
// refusal once, and `/setup status` lists what to grant where.
import type { Kysely } from "kysely";
import type { Database } from "./database.js";

export interface ThreadPause {
  readonly channelId: string;
  readonly permission: string;
  readonly reason: string;
  readonly pausedAt: number;
}

/** Pauses the channel's threads; false when they were paused already (the admins were told then). */
export async function pauseChannelThreads(
  db: Kysely<Database>,
  input: ThreadPause & { readonly guildId: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto("battle_thread_pauses")
    .values({
      guild_id: input.guildId,
      channel_id: input.channelId,
      permission: input.permission,
      reason: input.reason,
      paused_at: input.pausedAt,
    })
    .onConflict((conflict) => conflict.columns(["guild_id", "channel_id"]).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function isChannelThreadsPaused(
  db: Kysely<Database>,
  key: { readonly guildId: string; readonly channelId: string },
): Promise<boolean> {
  const row = await db
    .selectFrom("battle_thread_pauses")
    .select("channel_id")
    .where("guild_id", "=", key.guildId)
    .where("channel_id", "=", key.channelId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The guild's paused channels, oldest pause first. */
export async function listThreadPauses(db: Kysely<Database>, guildId: string): Promise<ThreadPause[]> {
  const rows = await db
    .selectFrom("battle_thread_pauses")
    .selectAll()
    .where("guild_id", "=", guildId)
    .orderBy("paused_at")
    .orderBy("channel_id")
    .execute();
  return rows.map((row) => ({
    channelId: row.channel_id,
    permission: row.permission,
    reason: row.reason,
    pausedAt: row.paused_at,
  }));
}

/** Cards posted in the channel start threads again; returns whether it was paused. */
export async function resumeChannelThreads(
  db: Kysely<Database>,
  key: { readonly guildId: string; readonly channelId: string },
): Promise<boolean> {
  const result = await db
    .deleteFrom("battle_thread_pauses")
    .where("guild_id", "=", key.guildId)
    .where("channel_id", "=", key.channelId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
