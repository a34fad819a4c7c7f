// Syncing a tournament's scheduled event under a lease (docs/architecture.md, "Tournament events"): an instance
// claims a due row (claimDueRows), brings its Discord event in line and records what Discord accepted. A create
// is recorded as attempted before it is sent, and Discord's id as soon as it answers, so after a crash the
// event is looked for before another is made.
import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import { claimDueRows } from "./claim-due-rows.js";
import type { Database } from "./database.js";
import { readLeaseEnd, readLeaseNow } from "./lease-clock.js";
import { isLeaseFree, readNextLeaseEnd, takeLease } from "./leases.js";
import {
  pickFields,
  toTournamentEvent,
  updateTournamentEventRow,
  type TournamentEvent,
  type TournamentEventFields,
  type TournamentEventKey,
  type WantedEventStatus,
} from "./tournament-events.js";

/**
 * Due, not leased, in a server that shows events without a permission problem, or left to delete after off; and
 * in a server that has not removed the bot (docs/architecture.md, "When the bot leaves a server": a sync there
 * would only meet 403, which pauses the server's events, so its rows wait until the bot is back).
 */
function isClaimable(db: Kysely<Database>, now: number) {
  return (eb: ExpressionBuilder<Database, "tournament_events">) =>
    eb.and([
      eb("due_at", "<=", now),
      isLeaseFree(db, { table: "tournament_events", now }),
      eb("guild_id", "not in", eb.selectFrom("guild_removals").select("guild_removals.guild_id")),
      eb.or([
        eb(
          "guild_id",
          "in",
          eb
            .selectFrom("tournament_event_settings")
            .select("tournament_event_settings.guild_id")
            .where("tournament_event_settings.permission_problem", "is", null),
        ),
        // Turned off: what is left to delete still goes.
        eb.and([
          eb("wanted_status", "=", "deleted"),
          eb.not(
            eb.exists(
              eb
                .selectFrom("tournament_event_settings")
                .select("tournament_event_settings.guild_id")
                .whereRef("tournament_event_settings.guild_id", "=", "tournament_events.guild_id"),
            ),
          ),
        ]),
      ]),
    ]);
}

export async function claimDueTournamentEvents(
  db: Kysely<Database>,
  input: { readonly owner: string; readonly now: number; readonly leaseMs: number; readonly limit: number },
): Promise<TournamentEvent[]> {
  const rows = await claimDueRows(db, {
    table: "tournament_events",
    key: ["guild_id", "tournament_id"],
    isClaimable: isClaimable(db, input.now),
    orderBy: ["due_at", "tournament_id"],
    limit: input.limit,
    set: takeLease(db, input),
  });
  return rows.map(toTournamentEvent);
}

/** Milliseconds until the first lease another owner holds on a due row ends (leases.ts). */
export async function readNextTournamentEventLeaseEnd(
  db: Kysely<Database>,
  input: { readonly owner: string; readonly now: number; readonly claimedAt?: number | undefined },
): Promise<number | undefined> {
  return readNextLeaseEnd(db, {
    ...input,
    table: "tournament_events",
    isWaiting: (eb) => eb("due_at", "is not", null),
  });
}

/**
 * Written before a create is sent: a crash after it leaves a row that looks for its event first. Only while
 * `lease.owner` still holds the row, on the lease clock, and its lease starts again from now: the create then
 * has a whole lease to be answered in, rather than whatever the look for an earlier event left of it, and no
 * other instance claims the row, finds no event (this one's not yet made) and makes a second. False, and
 * nothing written, when the lease was lost.
 */
export async function markCreateAttempted(
  db: Kysely<Database>,
  event: TournamentEventKey,
  lease: { readonly owner: string; readonly now: number; readonly leaseMs: number },
): Promise<boolean> {
  const result = await db
    .updateTable("tournament_events")
    .set({ create_attempted: 1, lease_expires_at: readLeaseEnd(db, lease) })
    .where("guild_id", "=", event.guildId)
    .where("tournament_id", "=", event.tournamentId)
    .where("lease_owner", "=", lease.owner)
    .where("lease_expires_at", ">", readLeaseNow(db, lease.now))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The event Discord made or the bot found again, kept at once: whatever fails next, it is never made twice. */
export async function recordDiscordEvent(
  db: Kysely<Database>,
  event: TournamentEventKey,
  result: {
    readonly discordEventId: string;
    readonly syncedStatus: string;
    readonly syncedFields: TournamentEventFields;
  },
): Promise<void> {
  await updateTournamentEventRow(db, event.guildId, event.tournamentId, {
    discord_event_id: result.discordEventId,
    synced_status: result.syncedStatus,
    synced_fields: JSON.stringify(pickFields(result.syncedFields)),
  });
}

/**
 * The row's event let go before the bot deletes it to make another (an event Discord started that the tournament
 * no longer fits): recorded first, so that a crash before the deletion never leaves the row naming a deleted
 * event, which it would forget; the bot finds the old one again by its location and replaces it then. Only
 * while the row still names `discordEventId`: a worker that took the row over meanwhile keeps what it wrote.
 */
export async function forgetDiscordEvent(
  db: Kysely<Database>,
  event: TournamentEventKey,
  discordEventId: string,
): Promise<void> {
  await db
    .updateTable("tournament_events")
    .set({ discord_event_id: null, synced_status: null, synced_fields: null, create_attempted: 0 })
    .where("guild_id", "=", event.guildId)
    .where("tournament_id", "=", event.tournamentId)
    .where("discord_event_id", "=", discordEventId)
    .execute();
}

/**
 * What Discord accepted, and the lease given back. The row is due again at `nextDueAt` (null: nothing to do),
 * or at once when a read changed it since it was claimed (`claimedUpdatedAt`).
 */
export async function recordEventSynced(
  db: Kysely<Database>,
  event: TournamentEventKey & { readonly claimedUpdatedAt: number },
  result: {
    readonly discordEventId: string | null;
    readonly syncedStatus: string | null;
    readonly syncedFields: TournamentEventFields | null;
    readonly wantedStatus?: WantedEventStatus;
    readonly nextDueAt: number | null;
    readonly now: number;
  },
): Promise<void> {
  // Cast: PostgreSQL reads a bare parameter in a CASE as text.
  const dueNow = sql`cast(${result.now} as bigint)`;
  const dueNext = sql`cast(${result.nextDueAt} as bigint)`;
  await updateTournamentEventRow(db, event.guildId, event.tournamentId, {
    discord_event_id: result.discordEventId,
    synced_status: result.syncedStatus,
    synced_fields: result.syncedFields === null ? null : JSON.stringify(pickFields(result.syncedFields)),
    ...(result.wantedStatus === undefined ? {} : { wanted_status: result.wantedStatus }),
    due_at: sql<
      number | null
    >`case when updated_at > ${event.claimedUpdatedAt} then ${dueNow} else ${dueNext} end`,
    attempts: 0,
    lease_owner: null,
    lease_expires_at: null,
  });
}

/** A sync that failed: due again at `retryAt` (null: it waits for `/setup events on`), the lease given back. */
export async function recordEventSyncFailed(
  db: Kysely<Database>,
  event: TournamentEventKey,
  input: {
    readonly retryAt: number | null;
    /** False for a failure that says nothing of this event (Discord's rate limit, the bot's token refused). */
    readonly countsAsAttempt?: boolean;
  },
): Promise<void> {
  await updateTournamentEventRow(db, event.guildId, event.tournamentId, {
    due_at: input.retryAt,
    ...(input.countsAsAttempt === false ? {} : { attempts: sql<number>`attempts + 1` }),
    lease_owner: null,
    lease_expires_at: null,
  });
}
