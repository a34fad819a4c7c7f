// A server's weekly digest claims the activity rows it counts when it is first read (docs/architecture.md,
// "The weekly digest"): every later reading (another channel, a retry) reads the rows it claimed over the
// range it first read, and a row whose delivery committed after the claim, though stored before the refresh,
// is left to the next week.
import type { Kysely } from "kysely";
import type { Database } from "./database.js";
import { memberActivityRetentionMs } from "./member-activity.js";
import { inWindow, type ActivityWindow } from "./member-activity-periods.js";

/**
 * The digest's week as claimed: on its first reading in the server, its rows are marked (`week_event_id`) in
 * one transaction with the server's `digest_weeks` row, which keeps the range it read; later readings read the
 * rows marked over that range and mark nothing. When the digest before it was claimed too, every row that
 * digest left unclaimed since the start of its own week is this week's to take (a late delivery, or one that
 * committed after that claim); else only those stored after its refresh, which it could not count.
 */
export async function claimDigestWeek(
  db: Kysely<Database>,
  input: {
    readonly guildId: string;
    readonly eventId: string;
    readonly previousEventId: string | undefined;
    readonly window: ActivityWindow;
    readonly now: number;
  },
): Promise<ActivityWindow> {
  const { guildId, eventId } = input;
  return db.transaction().execute(async (trx) => {
    const claimed = await findDigestClaim(trx, guildId, eventId);
    if (claimed !== undefined) return claimed;
    const previous =
      input.previousEventId === undefined
        ? undefined
        : await findDigestClaim(trx, guildId, input.previousEventId);
    const { late } = input.window;
    // Every row the last digest left unclaimed since its week began, stored whenever (after the epoch).
    const window: ActivityWindow =
      previous !== undefined && late !== undefined
        ? { ...input.window, late: { storedAfter: 0, occurredAfter: previous.from } }
        : input.window;
    const claimedAfter = Math.min(window.from, window.late?.occurredAfter ?? window.from);
    const inserted = await trx
      .insertInto("digest_weeks")
      .values({
        guild_id: guildId,
        event_id: eventId,
        week_from: window.from,
        week_to: window.to,
        claimed_after: claimedAfter,
        claimed_at: input.now,
      })
      .onConflict((conflict) => conflict.columns(["guild_id", "event_id"]).doNothing())
      .returning("event_id")
      .executeTakeFirst();
    // Another reading claimed it meanwhile (PostgreSQL waits for its commit on the key): read its claim.
    if (inserted === undefined) return (await findDigestClaim(trx, guildId, eventId)) ?? input.window;
    await trx
      .updateTable("member_activity")
      .set({ week_event_id: eventId })
      .where("guild_id", "=", guildId)
      .where("week_event_id", "is", null)
      .where((eb) => inWindow(eb, window))
      .execute();
    return claimedWindow({ eventId, from: window.from, to: window.to, claimedAfter });
  });
}

/** The week a claim read, as later readings read it: its rows, over its range. */
function claimedWindow(claim: {
  readonly eventId: string;
  readonly from: number;
  readonly to: number;
  readonly claimedAfter: number;
}): ActivityWindow {
  return {
    from: claim.from,
    to: claim.to,
    late: { storedAfter: 0, occurredAfter: claim.claimedAfter },
    claimedBy: claim.eventId,
  };
}

/** The week as its first reading claimed it in the server; undefined before that reading. */
export async function findDigestClaim(
  db: Kysely<Database>,
  guildId: string,
  eventId: string,
): Promise<ActivityWindow | undefined> {
  const row = await db
    .selectFrom("digest_weeks")
    .select(["week_from", "week_to", "claimed_after"])
    .where("guild_id", "=", guildId)
    .where("event_id", "=", eventId)
    .executeTakeFirst();
  return row === undefined
    ? undefined
    : claimedWindow({ eventId, from: row.week_from, to: row.week_to, claimedAfter: row.claimed_after });
}

/** The claims of weeks first read longer ago than the activity is kept: their rows are gone. */
export async function pruneDigestWeeks(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db
    .deleteFrom("digest_weeks")
    .where("claimed_at", "<", now - memberActivityRetentionMs)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
