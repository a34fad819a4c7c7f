// Tournaments shown as Discord scheduled events (docs/architecture.md, "Tournament events"): what a server's
// event row holds, how it reads, and the one update every writer makes. Each read of a server's open
// tournaments says what its events should be, and a started tournament's become active
// (tournament-event-row-sync.ts); rows go when their events are deleted or long over
// (tournament-event-deletions.ts). How an instance claims and records a row's sync is in
// tournament-event-lease.ts.
import { sql, type Kysely, type Selectable, type UpdateObject } from "kysely";
import type { Database, TournamentEventsTable } from "./database.js";

/** scheduled and active are shown; completed is over; deleted is to be deleted; forgotten is left alone. */
export type WantedEventStatus = "scheduled" | "active" | "completed" | "deleted" | "forgotten";

/** What an event shows; platform text is already plain and within Discord's limits. */
export interface TournamentEventFields {
  readonly name: string;
  readonly description: string;
  readonly location: string;
  /** Ms since the epoch. */
  readonly startsAt: number;
  readonly endsAt: number;
}

export interface WantedTournamentEvent extends TournamentEventFields {
  readonly tournamentId: string;
}

export interface TournamentEvent extends WantedTournamentEvent {
  readonly guildId: string;
  readonly discordEventId: string | null;
  readonly createAttempted: boolean;
  readonly wantedStatus: WantedEventStatus;
  readonly syncedStatus: string | null;
  readonly syncedFields: TournamentEventFields | null;
  readonly dueAt: number | null;
  readonly attempts: number;
  /** When a read of the whole list first missed its tournament; null when the last read saw it. */
  readonly missedAt: number | null;
  readonly updatedAt: number;
}

export type TournamentEventKey = Pick<TournamentEvent, "guildId" | "tournamentId">;

/** The server's event of one tournament, if it has one. */
export async function findTournamentEvent(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly tournamentId: string },
): Promise<TournamentEvent | undefined> {
  const row = await db
    .selectFrom("tournament_events")
    .selectAll()
    .where("guild_id", "=", input.guildId)
    .where("tournament_id", "=", input.tournamentId)
    .executeTakeFirst();
  return row === undefined ? undefined : toTournamentEvent(row);
}

/** The server's events, soonest first. */
export async function listTournamentEvents(
  db: Kysely<Database>,
  guildId: string,
): Promise<TournamentEvent[]> {
  const rows = await db
    .selectFrom("tournament_events")
    .selectAll()
    .where("guild_id", "=", guildId)
    .orderBy("starts_at")
    .orderBy("tournament_id")
    .execute();
  return rows.map(toTournamentEvent);
}

/**
 * The `updated_at` of a row a read or a setting changes: now, or one past what it holds when that is later (a
 * clock of another instance that ran ahead wrote it). It only ever grows, so "changed since it was claimed"
 * (`updated_at` past the claim's) holds whatever the clocks of the instances that wrote it, where one running
 * behind left a change looking older than the claim, and the event in Discord at the old start for good.
 */
export function laterUpdatedAt(now: number) {
  // Cast: PostgreSQL reads a bare parameter in a CASE as text.
  const at = sql<number>`cast(${now} as bigint)`;
  return sql<number>`case when updated_at >= ${at} then updated_at + 1 else ${at} end`;
}

export function updateTournamentEventRow(
  db: Kysely<Database>,
  guildId: string,
  tournamentId: string,
  set: UpdateObject<Database, "tournament_events">,
) {
  return db
    .updateTable("tournament_events")
    .set(set)
    .where("guild_id", "=", guildId)
    .where("tournament_id", "=", tournamentId)
    .execute();
}

export function pickFields(event: TournamentEventFields): TournamentEventFields {
  const { name, description, location, startsAt, endsAt } = event;
  return { name, description, location, startsAt, endsAt };
}

export function sameFields(a: TournamentEventFields, b: TournamentEventFields): boolean {
  return (
    a.name === b.name &&
    a.description === b.description &&
    a.location === b.location &&
    a.startsAt === b.startsAt &&
    a.endsAt === b.endsAt
  );
}

export function toTournamentEvent(row: Selectable<TournamentEventsTable>): TournamentEvent {
  return {
    guildId: row.guild_id,
    tournamentId: row.tournament_id,
    discordEventId: row.discord_event_id,
    createAttempted: row.create_attempted === 1,
    wantedStatus: row.wanted_status as WantedEventStatus,
    name: row.name,
    description: row.description,
    location: row.location,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    syncedStatus: row.synced_status,
    syncedFields:
      row.synced_fields === null ? null : (JSON.parse(row.synced_fields) as TournamentEventFields),
    dueAt: row.due_at,
    attempts: row.attempts,
    missedAt: row.missed_at,
    updatedAt: row.updated_at,
  };
}
