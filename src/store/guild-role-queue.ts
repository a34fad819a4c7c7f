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

/**
 * Sync turned off: nothing more is changed (roles already given stay). A member who unlinked keeps the row of
 * their removal, unqueued like the others, so turning roles on again takes their roles as it gives the others
 * theirs (queueGuildRoleSync); forgotten, nothing would ever take them.
 */
export async function dropGuildRoleQueue(db: Kysely<Database>, guildId: string): Promise<void> {
  await db
    .updateTable("member_tier_roles")
    .set({ pending: 0, lease_owner: null, lease_expires_at: null })
    .where("guild_id", "=", guildId)
    .execute();
}

/**
 * A tier was given another role: the role it stood for is noted on the guild's member rows whose member may
 * hold it, so each one's next sync takes it from them (docs/architecture.md, "Tier roles"): the tier's members
 * and those whose roles the bot does not know to be right (a sync queued, cut short, or an unlink waiting,
 * which takes every tier role), or may be about to give it: a sync running now read the mappings before this
 * one and may add the old role, after its row's last sync tier said another. A member the last sync gave
 * another tier's role, with no sync running, was left without this one, and a member without a row was never
 * given a tier role by the bot.
 */
export async function dropRoleFromMembers(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly tier: string; readonly roleId: string },
): Promise<void> {
  await db
    .updateTable("member_tier_roles")
    .set({ drop_role_ids: sql<string>`coalesce(drop_role_ids || ',', '') || ${input.roleId}` })
    .where("guild_id", "=", input.guildId)
    .where((eb) =>
      eb.or([
        eb("synced_tier", "is", null),
        eb("synced_tier", "=", input.tier),
        eb("lease_owner", "is not", null),
      ]),
    )
    .execute();
}

/**
 * The role stands for a tier again: it is no longer to be taken from anyone, so it leaves every row's drops
 * (else a later unmapping would take from members the role they were left with).
 */
export async function forgetRoleDrops(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly roleId: string },
): Promise<void> {
  // Role ids are Discord snowflakes (digits), so LIKE finds exactly the rows that note this one.
  const rows = await db
    .selectFrom("member_tier_roles")
    .select(["user_id", "drop_role_ids"])
    .where("guild_id", "=", input.guildId)
    .where(sql<boolean>`(',' || drop_role_ids || ',') like ${`%,${input.roleId},%`}`)
    .execute();
  for (const row of rows) {
    const left = (row.drop_role_ids ?? "").split(",").filter((id) => id !== "" && id !== input.roleId);
    await db
      .updateTable("member_tier_roles")
      .set({ drop_role_ids: left.length === 0 ? null : left.join(",") })
      .where("guild_id", "=", input.guildId)
      .where("user_id", "=", row.user_id)
      .where("drop_role_ids", "=", row.drop_role_ids)
      .execute();
  }
}

/**
 * The member's sync is done with the drops it was claimed with (`was`): taken, no longer applying (the role
 * stands for a tier again or is the reminder role), or the member left. Forgotten, unless another was noted
 * meanwhile (then the next sync takes it).
 */
export async function clearDroppedRoles(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly userId: string; readonly was: readonly string[] },
): Promise<void> {
  if (input.was.length === 0) return;
  await db
    .updateTable("member_tier_roles")
    .set({ drop_role_ids: null })
    .where("guild_id", "=", input.guildId)
    .where("user_id", "=", input.userId)
    .where("drop_role_ids", "=", input.was.join(","))
    .execute();
}
