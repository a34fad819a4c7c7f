// A server's tier role sync: its mode, whether it is paused and why, and the guild-level work of create mode
// (a role for every tier) taken under a lease like the member rows (docs/architecture.md, "Tier roles").
import { sql, type Kysely, type Selectable } from "kysely";
import type { Database, GuildRoleSettingsTable } from "./database.js";

export type RoleSyncMode = GuildRoleSettingsTable["mode"];

export interface GuildRoleSettings {
  readonly guildId: string;
  readonly mode: RoleSyncMode;
  /** While off: the mode it was turned off in, which `/setup roles sync` turns on again. */
  readonly resumeMode: Exclude<RoleSyncMode, "off"> | null;
  readonly pausedReason: string | null;
  readonly lastSyncAt: number | null;
  readonly lastProblem: string | null;
  readonly lastProblemAt: number | null;
  readonly tiersPending: boolean;
}

/** Longest problem text kept; the caller has removed anything secret. */
const maxProblemLength = 1000;

export async function findGuildRoleSettings(
  db: Kysely<Database>,
  guildId: string,
): Promise<GuildRoleSettings | undefined> {
  const row = await db
    .selectFrom("guild_role_settings")
    .selectAll()
    .where("guild_id", "=", guildId)
    .executeTakeFirst();
  return row === undefined ? undefined : toGuildRoleSettings(row);
}

/**
 * Sets the mode. Turning sync on (create or map) clears a pause: the admin ran a command after the fix. In
 * create mode the guild is marked to get roles for any tier that lacks one, due at once. Turning it off keeps
 * the mode it was in (`resume_mode`), for `/setup roles sync` to turn on again.
 */
export async function saveRoleSyncMode(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly mode: RoleSyncMode; readonly now: number },
): Promise<GuildRoleSettings> {
  const changes = {
    mode: input.mode,
    paused_reason: null,
    tiers_pending: input.mode === "create" ? 1 : 0,
    tiers_attempts: 0,
    tiers_next_attempt_at: input.now,
    // A mode chosen again starts with no order owed: the admins may arrange the roles meanwhile.
    tiers_order_owed: 0,
    updated_at: input.now,
  };
  const row = await db
    .insertInto("guild_role_settings")
    .values({ guild_id: input.guildId, created_at: input.now, resume_mode: null, ...changes })
    .onConflict((conflict) =>
      conflict.column("guild_id").doUpdateSet({
        ...changes,
        // Off again while off keeps the mode remembered the first time.
        resume_mode:
          input.mode === "off"
            ? sql<
                "create" | "map" | null
              >`case when ${sql.ref("guild_role_settings.mode")} = 'off' then ${sql.ref("guild_role_settings.resume_mode")} else ${sql.ref("guild_role_settings.mode")} end`
            : null,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return toGuildRoleSettings(row);
}

/**
 * Create mode becomes map mode (a tier was left without a role, which create mode would give one again), also
 * the mode remembered while off; a pause stays. True when the guild was in create mode.
 */
export async function stopCreatingTierRoles(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly now: number },
): Promise<boolean> {
  // Turned off from create mode: `/setup roles sync` turns it on again as mapped.
  await db
    .updateTable("guild_role_settings")
    .set({ resume_mode: "map", updated_at: input.now })
    .where("guild_id", "=", input.guildId)
    .where("mode", "=", "off")
    .where("resume_mode", "=", "create")
    .execute();
  const result = await db
    .updateTable("guild_role_settings")
    .set({ mode: "map", tiers_pending: 0, tiers_order_owed: 0, updated_at: input.now })
    .where("guild_id", "=", input.guildId)
    .where("mode", "=", "create")
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Pauses the guild's sync (Discord refused a change); true when it was running, so admins are told once. */
export async function pauseRoleSync(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly reason: string; readonly now: number },
): Promise<boolean> {
  const reason = input.reason.slice(0, maxProblemLength);
  const result = await db
    .updateTable("guild_role_settings")
    .set({ paused_reason: reason, last_problem: reason, last_problem_at: input.now, updated_at: input.now })
    .where("guild_id", "=", input.guildId)
    .where("paused_reason", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Clears a pause (after the admins' fix, on /setup roles sync); true when the guild was paused. */
export async function resumeRoleSync(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly now: number },
): Promise<boolean> {
  const result = await db
    .updateTable("guild_role_settings")
    .set({ paused_reason: null, updated_at: input.now })
    .where("guild_id", "=", input.guildId)
    .where("paused_reason", "is not", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Notes a problem for /setup status without pausing (a deleted role unmapped, say). */
export async function recordRoleProblem(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly problem: string; readonly now: number },
): Promise<void> {
  await db
    .updateTable("guild_role_settings")
    .set({ last_problem: input.problem.slice(0, maxProblemLength), last_problem_at: input.now })
    .where("guild_id", "=", input.guildId)
    .execute();
}

/**
 * Notes that a reconcile of the server ran now. With `lastBefore` (the daily pass), only if none ran since
 * then: the update is the claim, so of the instances that listed the server due at once (every instance runs
 * the pass) one queues it. False when another did.
 */
export async function recordRoleSyncRan(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly now: number; readonly lastBefore?: number },
): Promise<boolean> {
  let update = db
    .updateTable("guild_role_settings")
    .set({ last_sync_at: input.now })
    .where("guild_id", "=", input.guildId);
  const { lastBefore } = input;
  if (lastBefore !== undefined) {
    update = update.where((eb) =>
      eb.or([eb("last_sync_at", "is", null), eb("last_sync_at", "<", lastBefore)]),
    );
  }
  const result = await update.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Guilds whose sync runs (create or map, not paused) and last ran before `before`: the daily reconcile. */
export async function listGuildsDueForReconcile(
  db: Kysely<Database>,
  before: number,
): Promise<GuildRoleSettings[]> {
  const rows = await db
    .selectFrom("guild_role_settings")
    .selectAll()
    .where("mode", "<>", "off")
    .where("paused_reason", "is", null)
    .where("guild_id", "not in", (eb) => eb.selectFrom("guild_removals").select("guild_removals.guild_id"))
    .where((eb) => eb.or([eb("last_sync_at", "is", null), eb("last_sync_at", "<", before)]))
    .execute();
  return rows.map(toGuildRoleSettings);
}

/**
 * Create mode: look again for tiers without a role, at once and with a fresh backoff (the daily pass,
 * /setup roles sync).
 */
export async function markTierRolesPending(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly now: number },
): Promise<void> {
  await db
    .updateTable("guild_role_settings")
    .set({ tiers_pending: 1, tiers_attempts: 0, tiers_next_attempt_at: input.now, updated_at: input.now })
    .where("guild_id", "=", input.guildId)
    .where("mode", "=", "create")
    .execute();
}

function toGuildRoleSettings(row: Selectable<GuildRoleSettingsTable>): GuildRoleSettings {
  return {
    guildId: row.guild_id,
    mode: row.mode,
    resumeMode: row.resume_mode,
    pausedReason: row.paused_reason,
    lastSyncAt: row.last_sync_at,
    lastProblem: row.last_problem,
    lastProblemAt: row.last_problem_at,
    tiersPending: row.tiers_pending === 1,
  };
}
