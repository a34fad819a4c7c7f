// The servers the bot was removed from (docs/architecture.md, "When the bot leaves a server"). A removal stops
// the guild's announcements at once and keeps its data, so adding the bot back resumes everything; the data
// is purged once the removal is older than the grace period (purge-guild-data.ts).
import type { Kysely } from "kysely";
import type { Database } from "./database.js";
import { idsPerQuery, inSlices } from "./in-slices.js";
import { preparedRead } from "./prepared-reads.js";

export interface GuildRemoval {
  readonly guildId: string;
  readonly removedAt: number;
}

/** Kept on the rows the removal dropped, so an operator reading the outbox knows why they were never sent. */
const droppedPostReason = "not sent: the bot was removed from the server";

/**
 * Records that the bot left the guild (the first removal counts, so a repeated GUILD_DELETE never extends the
 * grace period), and drops the guild's pending posts in the same commit: marked delivered with no message,
 * as a row the renderer had nothing for. Sent, they would meet 403 Missing Access, which pauses the channel's
 * subscriptions, and the guild would not come back as it was left. Returns how many posts were dropped.
 */
export async function recordGuildRemoval(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly now: number },
): Promise<{ readonly droppedPosts: number }> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto("guild_removals")
      .values({ guild_id: input.guildId, removed_at: input.now })
      .onConflict((conflict) => conflict.column("guild_id").doNothing())
      .execute();
    const dropped = await trx
      .updateTable("outbox")
      .set({
        status: "delivered",
        delivered_at: input.now,
        last_error: droppedPostReason,
        lease_owner: null,
        lease_expires_at: null,
      })
      .where("guild_id", "=", input.guildId)
      .where("status", "=", "pending")
      .executeTakeFirst();
    return { droppedPosts: Number(dropped.numUpdatedRows) };
  });
}

/**
 * Forgets the guild's removal: the bot is back. True when there was one. Every GUILD_CREATE asks, one per
 * guild at each connection, so it reads first and writes only for a guild that was removed.
 */
export async function clearGuildRemoval(db: Kysely<Database>, guildId: string): Promise<boolean> {
  if ((await findGuildRemoval(db, guildId)) === undefined) return false;
  const result = await db.deleteFrom("guild_removals").where("guild_id", "=", guildId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function findGuildRemoval(
  db: Kysely<Database>,
  guildId: string,
): Promise<GuildRemoval | undefined> {
  const row = await db
    .selectFrom("guild_removals")
    .selectAll()
    .where("guild_id", "=", guildId)
    .executeTakeFirst();
  return row === undefined ? undefined : { guildId: row.guild_id, removedAt: row.removed_at };
}

/** Which of these guilds the bot was removed from (routing skips them); no query for an empty list. */
export async function listRemovedGuilds(
  db: Kysely<Database>,
  guildIds: Iterable<string>,
): Promise<Set<string>> {
  const rows = await inSlices([...new Set(guildIds)], idsPerQuery, (some) =>
    readRemovedOf(db, { guildIds: some }),
  );
  return new Set(rows.map((row) => row.guild_id));
}

/** Read for every event stored (src/webhooks/route-event.ts), so built once (prepared-reads.ts). */
const readRemovedOf = preparedRead((db, { guildIds }: { readonly guildIds: readonly string[] }) =>
  db.selectFrom("guild_removals").select("guild_id").where("guild_id", "in", guildIds),
);

/** Every guild recorded as removed: few, as a removal is purged after the grace period. */
export async function listAllRemovedGuilds(db: Kysely<Database>): Promise<Set<string>> {
  const rows = await db.selectFrom("guild_removals").select("guild_id").execute();
  return new Set(rows.map((row) => row.guild_id));
}

/** Removals recorded before `removedBefore`, oldest first: the guilds whose grace period is over. */
export async function listGuildRemovalsBefore(
  db: Kysely<Database>,
  removedBefore: number,
): Promise<GuildRemoval[]> {
  const rows = await db
    .selectFrom("guild_removals")
    .selectAll()
    .where("removed_at", "<", removedBefore)
    .orderBy("removed_at")
    .orderBy("guild_id")
    .execute();
  return rows.map((row) => ({ guildId: row.guild_id, removedAt: row.removed_at }));
}

/**
 * Every guild an admin set the bot up in (subscriptions, settings, its own webhook, roles, reminders, tournament
 * events): what the bot must still be in, checked against READY after a connection (follow-guild-membership.ts)
 * and against the server list in HTTP interactions mode (follow-guild-list.ts). Each feature's settings table
 * is enough: its other rows (tier role mappings, reminders, events) are made only while it is set. Member links
 * are not asked: the commands can be used where the app is installed without its bot user.
 */
export async function listSetUpGuilds(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom("subscriptions")
    .select("guild_id")
    .union(db.selectFrom("guild_settings").select("guild_id"))
    .union(db.selectFrom("webhook_endpoints").select("guild_id"))
    .union(db.selectFrom("guild_role_settings").select("guild_id"))
    .union(db.selectFrom("reminder_settings").select("guild_id"))
    .union(db.selectFrom("tournament_event_settings").select("guild_id"))
    .execute();
  return rows.map((row) => row.guild_id);
}
