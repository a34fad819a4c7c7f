// Per linked member, the tier role their rating calls for, and the queue of making Discord agree
// (docs/architecture.md, "Tier roles"). A row is queued in the transaction of what caused it (an event, a
// link, an unlink, a sync) and taken by the role worker under a lease (member-tier-role-lease.ts). Many
// changes to one member before the worker gets there make one row, so they cost one sync.
import { sql, type Kysely, type Selectable } from "kysely";
import type { Database, MemberTierRolesTable } from "./database.js";
import { normaliseTier } from "./tiers.js";

export type RoleChangeCause = MemberTierRolesTable["cause"];

export interface MemberTierRole {
  readonly guildId: string;
  readonly userId: string;
  /** Null once the member unlinked: their tier roles are to be removed. */
  readonly platformUserId: string | null;
  readonly rating: number | null;
  readonly tier: string | null;
  readonly ratedAt: number | null;
  readonly tierLookup: boolean;
  readonly cause: RoleChangeCause;
  readonly pending: boolean;
  readonly version: number;
  readonly attempts: number;
  readonly nextAttemptAt: number;
  readonly leaseOwner: string | null;
  readonly leaseExpiresAt: number | null;
  readonly lastError: string | null;
  readonly syncedAt: number | null;
  readonly syncedTier: string | null;
  readonly rolesAdded: number;
  readonly rolesRemoved: number;
}

export interface MemberRating {
  readonly guildId: string;
  readonly userId: string;
  readonly platformUserId: string;
  readonly rating: number | null;
  /** Undefined when the source did not say: the stored tier stays and the worker reads it (tier_lookup). */
  readonly tier: string | undefined;
  /** The platform's `created` of the event, or when the bot read the rating; the newest wins. */
  readonly ratedAt: number;
  readonly cause: RoleChangeCause;
  readonly now: number;
}

/**
 * Queues the member's role for this rating, unless a newer rating of the same account is already stored
 * (events may arrive out of order). A different account (a re-link) always replaces the row. Returns whether
 * it queued.
 */
export async function queueMemberRating(db: Kysely<Database>, input: MemberRating): Promise<boolean> {
  const tierLookup = input.tier === undefined ? 1 : 0;
  const tier = input.tier === undefined ? null : (normaliseTier(input.tier) ?? null);
  const row = await db
    .insertInto("member_tier_roles")
    .values({
      guild_id: input.guildId,
      user_id: input.userId,
      platform_user_id: input.platformUserId,
      rating: input.rating,
      tier,
      rated_at: input.ratedAt,
      tier_lookup: tierLookup,
      cause: input.cause,
      pending: 1,
      next_attempt_at: input.now,
      updated_at: input.now,
    })
    .onConflict((conflict) =>
      conflict
        .columns(["guild_id", "user_id"])
        .doUpdateSet((eb) => ({
          platform_user_id: eb.ref("excluded.platform_user_id"),
          rating: eb.ref("excluded.rating"),
          // Same account and no tier given: keep the tier known so far until the worker reads the new one.
          tier:
            tierLookup === 1
              ? eb
                  .case()
                  .when("member_tier_roles.platform_user_id", "=", input.platformUserId)
                  .then(eb.ref("member_tier_roles.tier"))
                  .else(null)
                  .end()
              : eb.ref("excluded.tier"),
          rated_at: eb.ref("excluded.rated_at"),
          // Only a rating change of the same account may trust the last sync; anything else reads the member.
          synced_tier:
            input.cause === "rating"
              ? eb
                  .case()
                  .when("member_tier_roles.platform_user_id", "=", input.platformUserId)
                  .then(eb.ref("member_tier_roles.synced_tier"))
                  .else(null)
                  .end()
              : null,
          tier_lookup: eb.ref("excluded.tier_lookup"),
          ...requeued(input.cause, input.now),
        }))
        .where((eb) =>
          eb.or([
            eb("member_tier_roles.platform_user_id", "is", null),
            eb("member_tier_roles.platform_user_id", "<>", input.platformUserId),
            eb("member_tier_roles.rated_at", "is", null),
            eb("member_tier_roles.rated_at", "<=", input.ratedAt),
          ]),
        ),
    )
    .returning("guild_id")
    .executeTakeFirst();
  return row !== undefined;
}

/** The columns that put a row back in the queue, due now, as a new version (valid in an update and an upsert). */
function requeued(cause: RoleChangeCause, now: number) {
  return {
    cause,
    pending: 1,
    version: sql<number>`member_tier_roles.version + 1`,
    attempts: 0,
    next_attempt_at: now,
    last_error: null,
    updated_at: now,
  };
}

/**
 * Queues a rating for every member linked to `platformUserId` in a guild whose role sync is on (within
 * `guildId` when the event came from that guild's own webhook). Returns how many rows it queued.
 */
export async function queueRatingOfPlatformUser(
  db: Kysely<Database>,
  input: Omit<MemberRating, "guildId" | "userId" | "cause"> & { readonly guildId: string | undefined },
): Promise<number> {
  let query = db
    .selectFrom("member_links")
    .innerJoin("guild_role_settings", "guild_role_settings.guild_id", "member_links.guild_id")
    .select(["member_links.guild_id", "member_links.user_id"])
    .where("member_links.platform_user_id", "=", input.platformUserId)
    .where("guild_role_settings.mode", "<>", "off");
  if (input.guildId !== undefined) query = query.where("member_links.guild_id", "=", input.guildId);
  let queued = 0;
  for (const link of await query.execute()) {
    const member = { guildId: link.guild_id, userId: link.user_id };
    if (await queueMemberRating(db, { ...input, ...member, cause: "rating" })) queued += 1;
  }
  return queued;
}

/** The member unlinked: queue the removal of their tier roles (if the guild ever synced them). */
export async function queueMemberUnlink(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly userId: string; readonly now: number },
): Promise<boolean> {
  const result = await db
    .updateTable("member_tier_roles")
    .set({ platform_user_id: null, tier_lookup: 0, synced_tier: null, ...requeued("unlink", input.now) })
    .where("guild_id", "=", input.guildId)
    .where("user_id", "=", input.userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

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

export async function findMemberTierRole(
  db: Kysely<Database>,
  key: { readonly guildId: string; readonly userId: string },
): Promise<MemberTierRole | undefined> {
  const row = await db
    .selectFrom("member_tier_roles")
    .selectAll()
    .where("guild_id", "=", key.guildId)
    .where("user_id", "=", key.userId)
    .executeTakeFirst();
  return row === undefined ? undefined : toMemberTierRole(row);
}

export async function countPendingMemberRoles(db: Kysely<Database>, guildId: string): Promise<number> {
  const row = await db
    .selectFrom("member_tier_roles")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("guild_id", "=", guildId)
    .where("pending", "=", 1)
    .executeTakeFirstOrThrow();
  return Number(row.count);
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

export function toMemberTierRole(row: Selectable<MemberTierRolesTable>): MemberTierRole {
  return {
    guildId: row.guild_id,
    userId: row.user_id,
    platformUserId: row.platform_user_id,
    rating: row.rating,
    tier: row.tier,
    ratedAt: row.rated_at,
    tierLookup: row.tier_lookup === 1,
    cause: row.cause,
    pending: row.pending === 1,
    version: row.version,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    leaseOwner: row.lease_owner,
    leaseExpiresAt: row.lease_expires_at,
    lastError: row.last_error,
    syncedAt: row.synced_at,
    syncedTier: row.synced_tier,
    rolesAdded: row.roles_added,
    rolesRemoved: row.roles_removed,
  };
}

/** Queues the member's rating if their guild syncs tier roles (a link or re-link); false otherwise. */
export async function queueLinkedMemberRating(db: Kysely<Database>, input: MemberRating): Promise<boolean> {
  const settings = await db
    .selectFrom("guild_role_settings")
    .select("mode")
    .where("guild_id", "=", input.guildId)
    .executeTakeFirst();
  if (settings === undefined || settings.mode === "off") return false;
  return queueMemberRating(db, input);
}
