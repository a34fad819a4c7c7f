// A server's weekly digest claims the activity rows it counts when it is first read (docs/architecture.md,
// "The weekly digest"): every later reading (another channel, a retry) reads the rows it claimed, and a row
// whose delivery committed after the claim, though stored before the refresh, is left to the next week.
import type { Kysely } from "kysely";
import type { Database } from "./database.js";
import { inWindow, type ActivityWindow } from "./member-activity-periods.js";

/**
 * The digest's week as claimed: on its first reading in the server, its rows are marked (`week_event_id`) in
 * one transaction with the server's `digest_weeks` row; later readings find that row and mark nothing. When
 * the digest before it was claimed too, every row it did not claim is this week's to take (a late delivery,
 * or one that committed after that claim); else only those stored after its refresh, which it could not
 * count.
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
  const { guildId, eventId, window } = input;
  await db.transaction().execute(async (trx) => {
    const first = await trx
      .insertInto("digest_weeks")
      .values({ guild_id: guildId, event_id: eventId, claimed_at: input.now })
      .onConflict((conflict) => conflict.columns(["guild_id", "event_id"]).doNothing())
      .returning("event_id")
      .executeTakeFirst();
    if (first === undefined) return;
    const previousClaimed =
      input.previousEventId !== undefined &&
      (await trx
        .selectFrom("digest_weeks")
        .select("event_id")
        .where("guild_id", "=", guildId)
        .where("event_id", "=", input.previousEventId)
        .executeTakeFirst()) !== undefined;
    const { late } = window;
    // Every row the last digest left unclaimed, stored whenever (after the epoch).
    const claimable =
      previousClaimed && late !== undefined ? { ...window, late: { ...late, storedAfter: 0 } } : window;
    await trx
      .updateTable("member_activity")
      .set({ week_event_id: eventId })
      .where("guild_id", "=", guildId)
      .where("week_event_id", "is", null)
      .where((eb) => inWindow(eb, claimable))
      .execute();
  });
  return { ...window, claimedBy: eventId };
}

/** The claims of weeks first read more than `retentionMs` ago: their rows are past what the activity keeps. */
export async function pruneDigestWeeks(
  db: Kysely<Database>,
  input: { readonly now: number; readonly retentionMs: number },
): Promise<number> {
  const result = await db
    .deleteFrom("digest_weeks")
    .where("claimed_at", "<", input.now - input.retentionMs)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
