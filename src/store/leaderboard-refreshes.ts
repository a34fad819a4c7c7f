// The weekly leaderboard refreshes each server heard, which bound its digests' weeks (docs/architecture.md,
// "The weekly digest"). A digest's week runs from the refresh before it to its own, so a refresh that comes
// late or early neither drops nor repeats the hours between; it counts the activity stored by the time its
// refresh was, and the activity stored after the refresh before it though dated earlier, which that digest
// could not count. Each row then counts in one digest, however late it arrived, and a digest reads the same
// in every channel and on every retry (its first reading claims its rows, digest-weeks.ts).
import type { Kysely } from "kysely";
import type { Database } from "./database.js";
import { nothingQueued, type EventStoredSubscriber } from "./event-stored-subscribers.js";
import { memberActivityRetentionMs } from "./member-activity.js";

/** The `guild_id` of a refresh from the operator's webhook, which reaches every server. */
const everyServer = "*";

/**
 * How far back the refresh before a digest's may be for its week to start there: past it (the platform
 * skipped weeks, or the bot was away), the week is the seven days before the refresh, as for a first one.
 */
export const longestWeekMs = 14 * 24 * 60 * 60 * 1000;

/** Records each refresh as it is stored: the operator's for every server, an endpoint's for its own. */
export const recordLeaderboardRefreshes: EventStoredSubscriber = async (trx, stored) => {
  const rows = stored.flatMap(({ event, context }) =>
    event.kind === "system.leaderboard_updated"
      ? [
          {
            guild_id: context.guildId ?? everyServer,
            event_id: event.id,
            created_at: event.createdAt,
            stored_at: context.now,
          },
        ]
      : [],
  );
  if (rows.length > 0) {
    await trx
      .insertInto("leaderboard_refreshes")
      .values(rows)
      .onConflict((conflict) => conflict.columns(["guild_id", "event_id"]).doNothing())
      .execute();
  }
  return stored.map(() => nothingQueued);
};

/** What bounds a refresh's digest week in one server (server-week.ts makes the week of it). */
export interface RefreshBounds {
  /** When the refresh was first stored: the activity stored by then is its week's. */
  readonly storedAt: number;
  /** The refresh before it in the server, within `longestWeekMs`; undefined for none. */
  readonly previous:
    { readonly eventId: string; readonly createdAt: number; readonly storedAt: number } | undefined;
}

/**
 * The bounds of a refresh in a server; undefined when the store has no row of it (a test delivery, one stored
 * before refreshes were recorded). Heard twice (the operator's webhook and the server's own endpoint), its
 * first storing bounds it, so a later one cannot move a week already posted.
 */
export async function findRefreshBounds(
  db: Kysely<Database>,
  refresh: { readonly guildId: string; readonly eventId: string; readonly createdAt: number },
): Promise<RefreshBounds | undefined> {
  const reaches = [refresh.guildId, everyServer];
  const current = await db
    .selectFrom("leaderboard_refreshes")
    .select("stored_at")
    .where("guild_id", "in", reaches)
    .where("event_id", "=", refresh.eventId)
    .orderBy("stored_at")
    .limit(1)
    .executeTakeFirst();
  if (current === undefined) return undefined;
  const previous = await db
    .selectFrom("leaderboard_refreshes")
    .select(["event_id", "created_at", "stored_at"])
    .where("guild_id", "in", reaches)
    .where("created_at", "<", refresh.createdAt)
    .where("created_at", ">=", refresh.createdAt - longestWeekMs)
    .orderBy("created_at", "desc")
    .orderBy("stored_at")
    .limit(1)
    .executeTakeFirst();
  return {
    storedAt: current.stored_at,
    previous:
      previous === undefined
        ? undefined
        : { eventId: previous.event_id, createdAt: previous.created_at, storedAt: previous.stored_at },
  };
}

/** Refreshes stored longer ago than the activity is kept: their weeks are past what it holds. */
export async function pruneLeaderboardRefreshes(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db
    .deleteFrom("leaderboard_refreshes")
    .where("stored_at", "<", now - memberActivityRetentionMs)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
