// A server's tournament reminder settings (docs/architecture.md, "Tournament reminders"): the channel, the lead
// times, the role to ping, and the admin whose linked credential reads the open tournaments. Several instances
// share the reads: the one that moves `next_poll_at` on reads that server's tournaments, the others do not.
import { sql, type Kysely, type Selectable, type Transaction } from "kysely";
import { z } from "zod";
import { claimDueRows } from "./claim-due-rows.js";
import type { Database, ReminderSettingsTable } from "./database.js";
import { readDialect } from "./dialect.js";
import { toJsonText } from "./json-text.js";
import { resumeChannelThreads } from "./thread-pauses.js";

export interface ReminderSettings {
  readonly guildId: string;
  readonly channelId: string;
  /** Whole minutes before a start, largest first. */
  readonly leadMinutes: readonly number[];
  readonly roleId: string | null;
  readonly configuredBy: string;
  readonly nextPollAt: number;
  /** How many reads of the server were claimed, this one (when claimed) included: the read's name. */
  readonly readClaims: number;
  readonly lastPolledAt: number | null;
  readonly linkProblem: string | null;
  readonly roleProblem: string | null;
  readonly channelProblem: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface ReminderSettingsInput {
  readonly guildId: string;
  readonly channelId: string;
  readonly leadMinutes: readonly number[];
  readonly roleId: string | null;
  readonly configuredBy: string;
  readonly now: number;
}

export async function findReminderSettings(
  db: Kysely<Database>,
  guildId: string,
): Promise<ReminderSettings | undefined> {
  const row = await db
    .selectFrom("reminder_settings")
    .selectAll()
    .where("guild_id", "=", guildId)
    .executeTakeFirst();
  return row === undefined ? undefined : toReminderSettings(row);
}

/**
 * Turns reminders on or changes them, read at once (`next_poll_at` now) with the credential of the admin who
 * ran it. Reminders still scheduled for a lead time no longer asked for are cancelled in the same commit.
 */
export async function saveReminderSettings(
  db: Kysely<Database>,
  input: ReminderSettingsInput,
): Promise<ReminderSettings> {
  const changes = {
    channel_id: input.channelId,
    lead_minutes: toJsonText(input.leadMinutes),
    role_id: input.roleId,
    configured_by: input.configuredBy,
    next_poll_at: input.now,
    link_problem: null,
    role_problem: null,
    channel_problem: null,
    updated_at: input.now,
  };
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("reminder_settings")
      .values({ guild_id: input.guildId, created_at: input.now, ...changes })
      .onConflict((conflict) => conflict.column("guild_id").doUpdateSet(changes))
      .returningAll()
      .executeTakeFirstOrThrow();
    // The reminder channel's own way to turn threads back on after a refusal: `/subscribe` would also route
    // events into a channel kept for reminders (docs/architecture.md, "Posting").
    await resumeChannelThreads(trx, { guildId: input.guildId, channelId: input.channelId });
    await trx
      .updateTable("tournament_reminders")
      .set({ status: "cancelled", status_reason: "settings", updated_at: input.now })
      .where("guild_id", "=", input.guildId)
      .where("status", "=", "scheduled")
      .where("lead_minutes", "not in", [...input.leadMinutes])
      .execute();
    return toReminderSettings(row);
  });
}

/**
 * Turns reminders off: the settings go, and so do the reminders not yet sent. Those sent stay until pruned, so
 * turning reminders on again never repeats one. False when they were already off. The settings row goes first,
 * as a read's commit holds it before writing reminders (holdReminderLeadMinutes): both take their locks in the
 * same order, so on PostgreSQL neither deadlocks the other.
 */
export async function deleteReminderSettings(db: Kysely<Database>, guildId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom("reminder_settings")
      .where("guild_id", "=", guildId)
      .executeTakeFirst();
    await trx
      .deleteFrom("tournament_reminders")
      .where("guild_id", "=", guildId)
      .where("status", "=", "scheduled")
      .execute();
    return deleted.numDeletedRows > 0n;
  });
}

/**
 * The lead times the server's settings hold at this moment of `trx`, undefined when reminders are off; on
 * PostgreSQL the settings row is held until the commit (FOR SHARE), so `saveReminderSettings` and
 * `deleteReminderSettings` change it only before or after that commit, never between this check and the
 * writes that follow it. SQLite runs one writer at a time.
 */
export async function holdReminderLeadMinutes(
  trx: Transaction<Database>,
  guildId: string,
): Promise<readonly number[] | undefined> {
  const settings = trx.selectFrom("reminder_settings").select("lead_minutes").where("guild_id", "=", guildId);
  const held = readDialect(trx) === "postgres" ? settings.forShare() : settings;
  const row = await held.executeTakeFirst();
  return row === undefined ? undefined : leadMinutesSchema.parse(JSON.parse(row.lead_minutes));
}

/**
 * The servers whose open tournaments are due a read, each taken by one instance (claim-due-rows.ts): taking
 * one moves its `next_poll_at` on by `pollMs`, so of two instances looking at once, one wins each server. A
 * server that removed the bot is not read until it adds the bot back (its read is then already due).
 */
export async function claimDuePolls(
  db: Kysely<Database>,
  input: { readonly now: number; readonly pollMs: number; readonly limit: number },
): Promise<ReminderSettings[]> {
  const rows = await claimDueRows(db, {
    table: "reminder_settings",
    key: ["guild_id"],
    isClaimable: (eb) =>
      eb.and([
        eb("next_poll_at", "<=", input.now),
        eb("guild_id", "not in", eb.selectFrom("guild_removals").select("guild_removals.guild_id")),
      ]),
    orderBy: ["next_poll_at"],
    limit: input.limit,
    // The read's name (synced in tournament-reminder-sync.ts): one more than any claimed before, whatever the
    // clocks of the instances that claimed them say, and whatever moved next_poll_at back meanwhile.
    set: { next_poll_at: input.now + input.pollMs, read_claims: sql<number>`read_claims + 1` },
  });
  return rows.map(toReminderSettings);
}

/**
 * Discord refused to give or take the reminder role. True only when no problem was recorded before: the admins
 * are told once, not at every member's `/remind`.
 */
export function recordRoleProblem(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly problem: string; readonly now: number },
): Promise<boolean> {
  return recordProblemOnce(db, "role_problem", input);
}

/** The role problem recorded once the reminder role was deleted: reminders are then posted without a ping. */
export const deletedRoleProblem = "role-deleted";

/**
 * The reminder role `roleId` is gone from the server, if it is still the one the settings name: recorded over
 * any other role problem (a deleted role is what must be fixed now). True only when it was not recorded
 * before, so the admins are told once; saving the settings clears it.
 */
export async function recordReminderRoleDeleted(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly roleId: string; readonly now: number },
): Promise<boolean> {
  const result = await db
    .updateTable("reminder_settings")
    .set({ role_problem: deletedRoleProblem, updated_at: input.now })
    .where("guild_id", "=", input.guildId)
    .where("role_id", "=", input.roleId)
    .where((eb) => eb.or([eb("role_problem", "is", null), eb("role_problem", "!=", deletedRoleProblem)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** How a recorded channel problem begins when the channel was deleted (404) rather than closed (403). */
export const deletedChannelProblem = "channel deleted: ";

/**
 * Discord refused a reminder post in `channelId` (403), or the channel is gone (404), if that is where this
 * guild's reminders go. True only when no problem was recorded before: the admins are told once, not at every
 * reminder.
 */
export function recordChannelProblem(
  db: Kysely<Database>,
  input: {
    readonly guildId: string;
    readonly channelId: string;
    readonly problem: string;
    readonly now: number;
  },
): Promise<boolean> {
  return recordProblemOnce(db, "channel_problem", input);
}

/** A reminder was posted in `channelId`: a channel problem told before is over, and the next one is told. */
export function clearChannelProblem(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly channelId: string },
): Promise<void> {
  return clearProblem(db, "channel_problem", input);
}

/** The role was given or taken: a problem told before is over, and the next one is told again. */
export function clearRoleProblem(db: Kysely<Database>, guildId: string): Promise<void> {
  return clearProblem(db, "role_problem", { guildId });
}

/** The reminders' own problems told once each (the read's link problem: tournament-read-state.ts). */
type ProblemColumn = "role_problem" | "channel_problem";

/** Where a problem applies: the guild's settings, and only while its reminders go to `channelId` if given. */
interface ProblemScope {
  readonly guildId: string;
  readonly channelId?: string;
}

/** Sets `column` unless a problem is recorded there already; true when this call set it. */
async function recordProblemOnce(
  db: Kysely<Database>,
  column: ProblemColumn,
  input: ProblemScope & { readonly problem: string; readonly now: number },
): Promise<boolean> {
  const problem = { [column]: input.problem.slice(0, 500) } as Partial<Record<ProblemColumn, string>>;
  const result = await updateInScope(db, input)
    .set({ ...problem, updated_at: input.now })
    .where(column, "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

async function clearProblem(db: Kysely<Database>, column: ProblemColumn, scope: ProblemScope): Promise<void> {
  const cleared = { [column]: null } as Partial<Record<ProblemColumn, null>>;
  await updateInScope(db, scope).set(cleared).where(column, "is not", null).execute();
}

/** An update of the guild's settings, only while its reminders go to `scope.channelId` when that is given. */
function updateInScope(db: Kysely<Database>, scope: ProblemScope) {
  const inGuild = db.updateTable("reminder_settings").where("guild_id", "=", scope.guildId);
  return scope.channelId === undefined ? inGuild : inGuild.where("channel_id", "=", scope.channelId);
}

const leadMinutesSchema = z.array(z.number().int().positive());

function toReminderSettings(row: Selectable<ReminderSettingsTable>): ReminderSettings {
  return {
    guildId: row.guild_id,
    channelId: row.channel_id,
    leadMinutes: leadMinutesSchema.parse(JSON.parse(row.lead_minutes)),
    roleId: row.role_id,
    configuredBy: row.configured_by,
    nextPollAt: row.next_poll_at,
    readClaims: row.read_claims,
    lastPolledAt: row.last_polled_at,
    linkProblem: row.link_problem,
    roleProblem: row.role_problem,
    channelProblem: row.channel_problem,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
