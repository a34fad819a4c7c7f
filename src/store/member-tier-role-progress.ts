// How far a server's tier role sync has come (docs/architecture.md, "Tier roles"): for /setup status and the
// answer of /setup roles sync.
import type { Kysely } from "kysely";
import type { Database } from "./database.js";

export async function countPendingMemberRoles(db: Kysely<Database>, guildId: string): Promise<number> {
  const row = await db
    .selectFrom("member_tier_roles")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("guild_id", "=", guildId)
    .where("pending", "=", 1)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Members whose role sync was given up (retries spent, or a refusal no retry changes), and the reason of the
 * latest failure (failMemberRoleSync dates it); undefined when none was.
 */
export async function readFailedMemberRoles(
  db: Kysely<Database>,
  guildId: string,
): Promise<{ readonly count: number; readonly latestError: string } | undefined> {
  const failed = db
    .selectFrom("member_tier_roles")
    .where("guild_id", "=", guildId)
    .where("pending", "=", 0)
    .where("last_error", "is not", null);
  const latest = await failed
    .select("last_error")
    .orderBy("updated_at", "desc")
    .orderBy("user_id")
    .limit(1)
    .executeTakeFirst();
  if (latest?.last_error == null) return undefined;
  const count = await failed
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  // Read apart: a failure cleared in between still counts the one shown.
  return { count: Math.max(1, Number(count.count)), latestError: latest.last_error };
}

export interface GuildSyncSummary {
  /** Members whose sync finished since the start. */
  readonly checked: number;
  readonly pending: number;
  readonly failed: number;
  readonly rolesAdded: number;
  readonly rolesRemoved: number;
  /** Members whose roles changed, at most `limit`. */
  readonly changed: readonly { readonly userId: string; readonly added: number; readonly removed: number }[];
}

/** What syncs that finished since `since` did in the guild, for /setup roles sync's answer. */
export async function summariseGuildRoleSync(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly since: number; readonly limit: number },
): Promise<GuildSyncSummary> {
  const rows = await db
    .selectFrom("member_tier_roles")
    .select(["user_id", "pending", "synced_at", "roles_added", "roles_removed", "last_error"])
    .where("guild_id", "=", input.guildId)
    .orderBy("user_id")
    .execute();
  const done = rows.filter(
    (row) => row.pending === 0 && row.synced_at !== null && row.synced_at >= input.since,
  );
  const changed = done.filter((row) => row.roles_added + row.roles_removed > 0);
  return {
    checked: done.length,
    pending: rows.filter((row) => row.pending === 1).length,
    failed: rows.filter((row) => row.pending === 0 && row.last_error !== null).length,
    rolesAdded: done.reduce((sum, row) => sum + row.roles_added, 0),
    rolesRemoved: done.reduce((sum, row) => sum + row.roles_removed, 0),
    changed: changed
      .slice(0, input.limit)
      .map((row) => ({ userId: row.user_id, added: row.roles_added, removed: row.roles_removed })),
  };
}
