// Tournament events read the open tournaments on their own when the server has no reminders
// (docs/architecture.md, "Tournament events"): when the next read is due, the last read that worked, and why
// the enabling admin's link reads nothing, told once. Existing rows are due at once. `/setup events on` did not
// ask for a link before, so an existing row whose admin has no link in that server starts on hold as
// `not_linked` without telling the admins (their link would be news to no one); `/setup status` shows it.
import { sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("tournament_event_settings")
    .addColumn("next_poll_at", "bigint", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("tournament_event_settings").addColumn("last_polled_at", "bigint").execute();
  await db.schema.alterTable("tournament_event_settings").addColumn("link_problem", "text").execute();
  await db
    .updateTable("tournament_event_settings")
    .set({ link_problem: "not_linked" })
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("member_links")
            .select(sql`1`.as("one"))
            .whereRef("member_links.guild_id", "=", "tournament_event_settings.guild_id")
            .whereRef("member_links.user_id", "=", "tournament_event_settings.enabled_by"),
        ),
      ),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("tournament_event_settings").dropColumn("link_problem").execute();
  await db.schema.alterTable("tournament_event_settings").dropColumn("last_polled_at").execute();
  await db.schema.alterTable("tournament_event_settings").dropColumn("next_poll_at").execute();
}
