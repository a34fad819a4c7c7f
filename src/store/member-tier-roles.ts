// Per linked member, the tier role their rating calls for, and the queue of making Discord agree
// (docs/architecture.md, "Tier roles"). A row is queued in the transaction of what caused it (an event, a
// link, an unlink, a sync) and taken by the role worker under a lease (member-tier-role-lease.ts). Many
// changes to one member before the worker gets there make one row, so they cost one sync.
import { sql, type Kysely, type Selectable } from "kysely";
import type { Database, MemberTierRolesTable } from "./database.js";
import { normaliseTier } from "./tiers.js";
import { storedRating } from "./stored-rating.js";

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
  /** Roles a tier stood for before it was given another: taken from the member at the next sync. */
  readonly dropRoleIds: readonly string[];
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
  /**
   * False where tier roles are off: the row still follows the member (their account, rating and tier), so
   * turning roles on again gives the tier they hold then, but it is not queued. Default true.
   */
  readonly queue?: boolean;
}

/**
 * Queues the member's role for this rating, unless a newer rating of the same account is already stored
 * (events may arrive out of order). A different account (a re-link) always replaces the row. Returns whether
 * it queued (never with `queue: false`).
 */
export async function queueMemberRating(db: Kysely<Database>, input: MemberRating): Promise<boolean> {
  const queue = input.queue ?? true;
  const tierLookup = input.tier === undefined ? 1 : 0;
  const tier = input.tier === undefined ? null : (normaliseTier(input.tier) ?? null);
  const row = await db
    .insertInto("member_tier_roles")
    .values({
      guild_id: input.guildId,
      user_id: input.userId,
      platform_user_id: input.platformUserId,
      rating: storedRating(input.rating),
      tier,
      rated_at: input.ratedAt,
      tier_lookup: tierLookup,
      cause: input.cause,
      pending: queue ? 1 : 0,
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
          // Not queued, it stays as it was (an unlink may wait there); a new version all the same.
          ...(queue ? requeued(input.cause, input.now) : followed(input.cause, input.now)),
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
  return queue && row !== undefined;
}

/** The columns of a change recorded without queueing it: a new version, the queue columns left as they are. */
function followed(cause: RoleChangeCause, now: number) {
  return { cause, version: sql<number>`member_tier_roles.version + 1`, updated_at: now };
}

/** The columns that put a row back in the queue, due now, as a new version (valid in an update and an upsert). */
export function requeued(cause: RoleChangeCause, now: number) {
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
 * `guildId` when the event came from that guild's own webhook), and records it unqueued where the guild turned
 * roles off, so turning them on again starts from it. Returns how many rows it queued.
 */
export async function queueRatingOfPlatformUser(
  db: Kysely<Database>,
  input: Omit<MemberRating, "guildId" | "userId" | "cause"> & { readonly guildId: string | undefined },
): Promise<number> {
  let query = db
    .selectFrom("member_links")
    .innerJoin("guild_role_settings", "guild_role_settings.guild_id", "member_links.guild_id")
    .select(["member_links.guild_id", "member_links.user_id", "guild_role_settings.mode"])
    .where("member_links.platform_user_id", "=", input.platformUserId);
  if (input.guildId !== undefined) query = query.where("member_links.guild_id", "=", input.guildId);
  let queued = 0;
  for (const link of await query.execute()) {
    const member = { guildId: link.guild_id, userId: link.user_id, queue: link.mode !== "off" };
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
    dropRoleIds: row.drop_role_ids === null ? [] : row.drop_role_ids.split(",").filter((id) => id !== ""),
    rolesAdded: row.roles_added,
    rolesRemoved: row.roles_removed,
  };
}

/**
 * Queues the member's rating if their guild syncs tier roles (a link or re-link), and records it unqueued if
 * the guild turned them off; false unless it queued.
 */
export async function queueLinkedMemberRating(db: Kysely<Database>, input: MemberRating): Promise<boolean> {
  const settings = await db
    .selectFrom("guild_role_settings")
    .select("mode")
    .where("guild_id", "=", input.guildId)
    .executeTakeFirst();
  if (settings === undefined) return false;
  return queueMemberRating(db, { ...input, queue: settings.mode !== "off" });
}
