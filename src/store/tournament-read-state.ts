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
