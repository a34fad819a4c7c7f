// A whole server's members queued at once (docs/architecture.md, "Tier roles"): a reconcile, a mapping change,
// or the queue dropped when a server turns tier roles off.
import { sql, type Kysely } from "kysely";
import type { Database } from "./database.js";
import { requeued, type RoleChangeCause } from "./member-tier-roles.js";
import { normaliseTier } from "./tiers.js";

/**
 * Queues every linked member of the guild (a reconcile: /setup roles sync, the daily pass, a mapping
 * change). Members without a row get one from the read model of platform users; one whose tier is unknown is
 * read by the worker. Returns how many members are queued.
 */
export async function queueGuildRoleSync(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly cause: RoleChangeCause; readonly now: number },
): Promise<number> {
  const requeue = await db
    .updateTable("member_tier_roles")
    .set({ synced_tier: null, ...requeued(input.cause, input.now) })
    .where("guild_id", "=", input.guildId)
    .executeTakeFirst();
  let queued = Number(requeue.numUpdatedRows);
  const unqueued = await db
    .selectFrom("member_links")
    .leftJoin("member_tier_roles", (join) =>
      join
        .onRef("member_tier_roles.guild_id", "=", "member_links.guild_id")
        .onRef("member_tier_roles.user_id", "=", "member_links.user_id"),
    )
    .leftJoin("platform_users", "platform_users.platform_user_id", "member_links.platform_user_id")
    .select([
      "member_links.user_id",
      "member_links.platform_user_id",
      "platform_users.rating",
      "platform_users.tier",
      "platform_users.updated_at",
    ])
    .where("member_links.guild_id", "=", input.guildId)
    .where("member_tier_roles.user_id", "is", null)
    .execute();
  for (const member of unqueued) {
    await db
      .insertInto("member_tier_roles")
      .values({
        guild_id: input.guildId,
        user_id: member.user_id,
        platform_user_id: member.platform_user_id,
        rating: member.rating,
        tier: normaliseTier(member.tier) ?? null,
        rated_at: member.updated_at,
        tier_lookup: normaliseTier(member.tier) === undefined ? 1 : 0,
        cause: input.cause,
        pending: 1,
        next_attempt_at: input.now,
        updated_at: input.now,
      })
      .onConflict((conflict) => conflict.columns(["guild_id", "user_id"]).doNothing())
      .execute();
    queued += 1;
  }
  return queued;
}

/** Sync turned off: nothing more is changed (roles already given stay), and unlinked members are forgotten. */
export async function dropGuildRoleQueue(db: Kysely<Database>, guildId: string): Promise<void> {
  await db
    .deleteFrom("member_tier_roles")
    .where("guild_id", "=", guildId)
    .where("platform_user_id", "is", null)
    .execute();
  await db
    .updateTable("member_tier_roles")
    .set({ pending: 0, lease_owner: null, lease_expires_at: null })
    .where("guild_id", "=", guildId)
    .execute();
}

/**
 * A tier was given another role: the role it stood for is noted on every member row of the guild, so each
 * member's next sync takes it from them (docs/architecture.md, "Tier roles"). A member without a row was never
 * given a tier role by the bot.
 */
export async function dropRoleFromMembers(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly roleId: string },
): Promise<void> {
  await db
    .updateTable("member_tier_roles")
    .set({ drop_role_ids: sql<string>`coalesce(drop_role_ids || ',', '') || ${input.roleId}` })
    .where("guild_id", "=", input.guildId)
    .execute();
}

/** The roles a sync took were `was`: forgotten, unless another was noted meanwhile (then the next sync takes it). */
export async function clearDroppedRoles(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly userId: string; readonly was: readonly string[] },
): Promise<void> {
  await db
    .updateTable("member_tier_roles")
    .set({ drop_role_ids: null })
    .where("guild_id", "=", input.guildId)
    .where("user_id", "=", input.userId)
    .where("drop_role_ids", "=", input.was.join(","))
    .execute();
}
