// What a server's reads of the open tournaments remember, on whichever settings own the read
// (docs/architecture.md, "Tournament reminders", "Tournament events"): the reminders' when it has reminders,
// the events' own otherwise. Both tables keep `last_polled_at`, `link_problem` and `updated_at` alike.
import type { Kysely } from "kysely";
import type { Database } from "./database.js";

/** The settings that own a server's reads. */
export type ReadOwnerTable = "reminder_settings" | "tournament_event_settings";

/** A read that worked: remembered, and any link problem cleared. True when there was one (reads resumed). */
export async function recordReadSucceeded(
  db: Kysely<Database>,
  table: ReadOwnerTable,
  input: { readonly guildId: string; readonly now: number },
): Promise<boolean> {
  // One table at a time for Kysely's types; the statements are the same.
  const update = () => db.updateTable(table as "reminder_settings").where("guild_id", "=", input.guildId);
  const resumed = await update()
    .set({ last_polled_at: input.now, link_problem: null })
    .where("link_problem", "is not", null)
    .executeTakeFirst();
  if (resumed.numUpdatedRows > 0n) return true;
  await update().set({ last_polled_at: input.now }).execute();
  return false;
}

/**
 * The admin's link no longer reads tournaments. True only for the first read that found it so (no problem
 * recorded before): the admins are told once, not at every read.
 */
export async function recordLinkProblemOnce(
  db: Kysely<Database>,
  table: ReadOwnerTable,
  input: { readonly guildId: string; readonly problem: string; readonly now: number },
): Promise<boolean> {
  const result = await db
    .updateTable(table as "reminder_settings")
    .set({ link_problem: input.problem.slice(0, 500), updated_at: input.now })
    .where("guild_id", "=", input.guildId)
    .where("link_problem", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A read of the open tournaments: its claim's count (`read_claims`), and when its claimed settings began. */
export interface ReadName {
  readonly claims: number;
  readonly settingsCreatedAt: number;
}

/**
 * Records `read` as the server's latest read to write what it read (the reminders, or the events' rows when
 * the events' own settings own the read), unless a later one did (two instances, a platform slower than the
 * poll interval) or the settings it was claimed for are gone (turned off, maybe on again, their count begun
 * anew): false then, and the read writes nothing. False too when the settings are off. Its update holds the
 * settings row until the commit.
 */
export async function takeReadTurn(
  trx: Kysely<Database>,
  table: ReadOwnerTable,
  guildId: string,
  read: ReadName,
): Promise<boolean> {
  // One table at a time for Kysely's types; the statements are the same.
  const result = await trx
    .updateTable(table as "reminder_settings")
    .set({ synced_read: read.claims })
    .where("guild_id", "=", guildId)
    .where("created_at", "=", read.settingsCreatedAt)
    // Settings made anew in the millisecond the old ones began are told apart by their count, begun anew.
    .where("read_claims", ">=", read.claims)
    .where((eb) => eb.or([eb("synced_read", "is", null), eb("synced_read", "<", read.claims)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
