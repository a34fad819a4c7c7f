// The role worker takes member rows under a lease, as the outbox worker takes posts (docs/architecture.md,
// "Tier roles", "Growing past one machine"): one worker at a time per row, a dead worker's rows taken over
// when the lease ends. A row's version tells a finished sync from one overtaken by a newer change.
import type { ExpressionBuilder, Kysely } from "kysely";
import { claimDueRows } from "./claim-due-rows.js";
import type { Database } from "./database.js";
import { isLeaseFree, readNextLeaseEnd, takeLease } from "./leases.js";
import { storedRating } from "./stored-rating.js";
import {
  requeued,
  toMemberTierRole,
  type MemberTierRole,
  type RoleChangeCause,
} from "./member-tier-roles.js";

const maxErrorLength = 1000;

/**
 * Pending, due, not leased, and in a guild whose sync runs (on and not paused) and that has not removed the bot
 * (docs/architecture.md, "When the bot leaves a server": a change there would only meet 403).
 */
function isClaimable(db: Kysely<Database>, now: number) {
  return (eb: ExpressionBuilder<Database, "member_tier_roles">) =>
    eb.and([
      eb("pending", "=", 1),
      eb("next_attempt_at", "<=", now),
      isLeaseFree(db, { table: "member_tier_roles", now }),
      eb(
        "guild_id",
        "in",
        eb
          .selectFrom("guild_role_settings")
          .select("guild_role_settings.guild_id")
          .where("guild_role_settings.mode", "<>", "off")
          .where("guild_role_settings.paused_reason", "is", null),
      ),
      eb("guild_id", "not in", eb.selectFrom("guild_removals").select("guild_removals.guild_id")),
    ]);
}

/** Leases up to `limit` due rows to `owner`, oldest first, in one statement (claim-due-rows.ts). */
export async function claimDueMemberRoles(
  db: Kysely<Database>,
  input: { readonly owner: string; readonly now: number; readonly leaseMs: number; readonly limit: number },
): Promise<MemberTierRole[]> {
  const rows = await claimDueRows(db, {
    table: "member_tier_roles",
    key: ["guild_id", "user_id"],
    isClaimable: isClaimable(db, input.now),
    orderBy: ["next_attempt_at", "updated_at"],
    limit: input.limit,
    set: takeLease(db, input),
  });
  return rows.map(toMemberTierRole);
}

/** Milliseconds until the first lease another owner holds on a pending row ends (leases.ts). */
export async function readNextMemberRoleLeaseEnd(
  db: Kysely<Database>,
  input: { readonly owner: string; readonly now: number; readonly claimedAt?: number | undefined },
): Promise<number | undefined> {
  return readNextLeaseEnd(db, {
    ...input,
    table: "member_tier_roles",
    isWaiting: (eb) => eb("pending", "=", 1),
  });
}

interface Lease {
  readonly guildId: string;
  readonly userId: string;
  readonly owner: string;
}

function updateLeasedRow(db: Kysely<Database>, lease: Lease) {
  return db
    .updateTable("member_tier_roles")
    .where("guild_id", "=", lease.guildId)
    .where("user_id", "=", lease.userId)
    .where("lease_owner", "=", lease.owner);
}

/**
 * Records a finished sync of `version`. If the row changed meanwhile it stays pending (due now) for the newer
 * version. A finished unlink removes the row. Returns whether this version was the latest.
 */
export async function finishMemberRoleSync(
  db: Kysely<Database>,
  input: Lease & {
    readonly version: number;
    readonly added: number;
    readonly removed: number;
    /** The tier whose role is now right, or null when none is known. */
    readonly syncedTier: string | null;
    readonly now: number;
  },
): Promise<boolean> {
  const finished = await updateLeasedRow(db, input)
    .where("version", "=", input.version)
    .set({
      pending: 0,
      attempts: 0,
      last_error: null,
      synced_at: input.now,
      roles_added: input.added,
      roles_removed: input.removed,
      synced_tier: input.syncedTier,
      lease_owner: null,
      lease_expires_at: null,
    })
    .executeTakeFirst();
  if (finished.numUpdatedRows === 0n) {
    await updateLeasedRow(db, input).set({ lease_owner: null, lease_expires_at: null }).execute();
    return false;
  }
  await db
    .deleteFrom("member_tier_roles")
    .where("guild_id", "=", input.guildId)
    .where("user_id", "=", input.userId)
    .where("platform_user_id", "is", null)
    .where("pending", "=", 0)
    .execute();
  return true;
}

/**
 * A sync whose finish found its lease gone (it outlived it, and another worker may have synced the row since)
 * after it changed the member's roles: what the row says was made right may no longer be, so the row is
 * queued again, a newer version, and its next sync reads the member from Discord; whoever holds it now
 * finishes as overtaken. A row a finished unlink deleted meanwhile is made again: the member's removal when
 * they have no link here, else a sync that reads their tier.
 */
export async function reopenAfterLateChange(
  db: Kysely<Database>,
  input: {
    readonly guildId: string;
    readonly userId: string;
    readonly cause: RoleChangeCause;
    readonly now: number;
  },
): Promise<void> {
  const reopened = await db
    .updateTable("member_tier_roles")
    .where("guild_id", "=", input.guildId)
    .where("user_id", "=", input.userId)
    .set({ synced_tier: null, ...requeued(input.cause, input.now) })
    .executeTakeFirst();
  if (reopened.numUpdatedRows > 0n) return;
  const link = await db
    .selectFrom("member_links")
    .select("platform_user_id")
    .where("guild_id", "=", input.guildId)
    .where("user_id", "=", input.userId)
    .executeTakeFirst();
  await db
    .insertInto("member_tier_roles")
    .values({
      guild_id: input.guildId,
      user_id: input.userId,
      platform_user_id: link?.platform_user_id ?? null,
      tier_lookup: link === undefined ? 0 : 1,
      cause: link === undefined ? "unlink" : input.cause,
      pending: 1,
      next_attempt_at: input.now,
      updated_at: input.now,
    })
    .onConflict((conflict) => conflict.columns(["guild_id", "user_id"]).doNothing())
    .execute();
}

/**
 * The worker is about to change the member's roles: until a sync of the latest version finishes, no tier is
 * known to be right. Whatever version the row holds by now, so a change queued meanwhile (which keeps the
 * synced tier when it is a rating change of the same account) reads the member again.
 */
export async function forgetSyncedTier(db: Kysely<Database>, lease: Lease): Promise<void> {
  await updateLeasedRow(db, lease).set({ synced_tier: null }).execute();
}

/** Releases the row until `nextAttemptAt`; `countAttempt: false` for waits that are not failures. */
export async function rescheduleMemberRoles(
  db: Kysely<Database>,
  input: Lease & {
    readonly nextAttemptAt: number;
    readonly error: string;
    readonly countAttempt: boolean;
  },
): Promise<boolean> {
  const result = await updateLeasedRow(db, input)
    .set((eb) => ({
      next_attempt_at: input.nextAttemptAt,
      last_error: input.error.slice(0, maxErrorLength),
      attempts: input.countAttempt ? eb("attempts", "+", 1) : eb.ref("attempts"),
      lease_owner: null,
      lease_expires_at: null,
    }))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Gives up on this version (retries exhausted): the next change or reconcile queues the member again. `now`
 * dates the failure, so `/setup status` shows the latest (readFailedMemberRoles).
 */
export async function failMemberRoleSync(
  db: Kysely<Database>,
  input: Lease & { readonly version: number; readonly error: string; readonly now: number },
): Promise<boolean> {
  const result = await updateLeasedRow(db, input)
    .where("version", "=", input.version)
    .set((eb) => ({
      pending: 0,
      attempts: eb("attempts", "+", 1),
      last_error: input.error.slice(0, maxErrorLength),
      updated_at: input.now,
      lease_owner: null,
      lease_expires_at: null,
    }))
    .executeTakeFirst();
  if (result.numUpdatedRows > 0n) return true;
  // Overtaken by a newer change: that version is due now, not once this lease would have ended.
  await updateLeasedRow(db, input).set({ lease_owner: null, lease_expires_at: null }).execute();
  return false;
}

/** Stores the tier the worker read with the member's credential, for the version it holds. */
export async function saveLookedUpTier(
  db: Kysely<Database>,
  input: Lease & { readonly version: number; readonly tier: string | null; readonly rating: number | null },
): Promise<void> {
  await updateLeasedRow(db, input)
    .where("version", "=", input.version)
    .set((eb) => {
      const rating = storedRating(input.rating);
      return { tier: input.tier, tier_lookup: 0, rating: rating === null ? eb.ref("rating") : rating };
    })
    .execute();
}
