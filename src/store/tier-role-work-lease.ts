// A server's create-mode role making under a lease (docs/architecture.md, "Tier roles"): one instance at a
// time makes a server's tier roles, claimed when its mark is set and due, and released with the mark cleared
// only once no tier is left without a role. The settings themselves are in guild-role-settings.ts.
import { expressionBuilder, type Expression, type Kysely, type SqlBool } from "kysely";
import { claimDueRows } from "./claim-due-rows.js";
import type { Database } from "./database.js";
import { isLeaseFree, takeLease } from "./leases.js";

/** Leases the guild's create-mode work to `owner` whether or not it is marked (/setup roles create); false when held. */
export async function leaseTierRoleWork(db: Kysely<Database>, input: WorkLease): Promise<boolean> {
  return setWorkLease(db, input, isLeaseFree(db, { table: "guild_role_settings", now: input.now }));
}

/**
 * Renews `owner`'s lease on the guild's work for leaseMs from now, just before a role is made, so the create is
 * answered within a whole lease rather than what was left of the claim's: past it another worker may take the
 * work, find no role yet and make one of the same tier. False when another owner holds the work now (its
 * lease ended and was taken): this one makes no role.
 */
export async function renewTierRoleWork(db: Kysely<Database>, input: WorkLease): Promise<boolean> {
  const row = expressionBuilder<Database, "guild_role_settings">();
  return setWorkLease(db, input, row("lease_owner", "=", input.owner));
}

/** A guild's work leased to `owner` for leaseMs from now. */
interface WorkLease {
  readonly guildId: string;
  readonly owner: string;
  readonly now: number;
  readonly leaseMs: number;
}

/** Leases the guild's work to `owner` where `when` holds of its row; whether it did. */
async function setWorkLease(
  db: Kysely<Database>,
  input: WorkLease,
  when: Expression<SqlBool>,
): Promise<boolean> {
  const result = await db
    .updateTable("guild_role_settings")
    .set(takeLease(db, input))
    .where("guild_id", "=", input.guildId)
    .where(when)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A guild's create-mode work, as claimed. */
export interface TierRoleWork {
  readonly guildId: string;
  /** Attempts Discord failed in a row; the backoff grows with them. */
  readonly attempts: number;
  /** A pass before made a role it could not put in rating order: this one orders them whatever it makes. */
  readonly orderOwed: boolean;
}

/**
 * Leases up to `limit` guilds in create mode that lack a role for some tier and whose next attempt is due, to
 * `owner`: one instance at a time makes a guild's roles, so two never both create the same one, and none tries
 * again before the backoff of a failed attempt ends.
 */
export async function claimTierRoleWork(
  db: Kysely<Database>,
  input: { readonly owner: string; readonly now: number; readonly leaseMs: number; readonly limit: number },
): Promise<TierRoleWork[]> {
  const rows = await claimDueRows(db, {
    table: "guild_role_settings",
    key: ["guild_id"],
    isClaimable: (eb) =>
      eb.and([
        eb("tiers_pending", "=", 1),
        eb("mode", "=", "create"),
        eb("paused_reason", "is", null),
        eb("tiers_next_attempt_at", "<=", input.now),
        eb("guild_id", "not in", eb.selectFrom("guild_removals").select("guild_removals.guild_id")),
        isLeaseFree(db, { table: "guild_role_settings", now: input.now }),
      ]),
    orderBy: ["updated_at"],
    limit: input.limit,
    set: takeLease(db, input),
  });
  return rows.map((row) => ({
    guildId: row.guild_id,
    attempts: row.tiers_attempts,
    orderOwed: row.tiers_order_owed === 1,
  }));
}

/** When the work is tried again after a failed attempt. */
export interface TierRoleRetry {
  readonly nextAttemptAt: number;
  /** Counted among the failures the backoff grows with (not a 429's wait, nor a 401's). */
  readonly countAttempt: boolean;
}

/**
 * Releases the guild's lease. `done` clears the mark unless a tier was seen since `claimedAt` or some tier
 * has no role in the guild, and the count of failed attempts; `retry` keeps the work from being claimed again
 * before its time. Without either the work is due again at once. `orderOwed`, when given, records whether the
 * tier roles still wait to be put in rating order.
 */
export async function finishTierRoleWork(
  db: Kysely<Database>,
  input: {
    readonly guildId: string;
    readonly owner: string;
    readonly done: boolean;
    readonly claimedAt: number;
    readonly retry?: TierRoleRetry | undefined;
    readonly orderOwed?: boolean | undefined;
  },
): Promise<void> {
  const { retry, orderOwed } = input;
  await db
    .updateTable("guild_role_settings")
    .set((eb) => ({
      lease_owner: null,
      lease_expires_at: null,
      ...(orderOwed === undefined ? {} : { tiers_order_owed: orderOwed ? 1 : 0 }),
      ...(input.done
        ? {
            // A tier first seen meanwhile may carry a time from before the claim (its delivery's receipt, or
            // another host's clock): a tier with no role here keeps the mark as surely as a later change.
            tiers_pending: eb
              .case()
              .when(
                eb.or([
                  eb("updated_at", ">", input.claimedAt),
                  eb.exists(
                    eb
                      .selectFrom("tiers")
                      .select("tiers.tier")
                      .where(
                        "tiers.tier",
                        "not in",
                        eb
                          .selectFrom("tier_roles")
                          .select("tier_roles.tier")
                          .whereRef("tier_roles.guild_id", "=", "guild_role_settings.guild_id"),
                      ),
                  ),
                ]),
              )
              .then(eb.ref("tiers_pending"))
              .else(0)
              .end(),
            tiers_attempts: 0,
          }
        : {}),
      ...(!input.done && retry !== undefined
        ? {
            tiers_next_attempt_at: retry.nextAttemptAt,
            ...(retry.countAttempt ? { tiers_attempts: eb("tiers_attempts", "+", 1) } : {}),
          }
        : {}),
    }))
    .where("guild_id", "=", input.guildId)
    .where("lease_owner", "=", input.owner)
    .execute();
}
