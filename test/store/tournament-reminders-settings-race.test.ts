// A read of the open tournaments racing `/setup reminders set` or `off` on PostgreSQL
// (src/store/tournament-reminders.ts, holdReminderLeadMinutes): the read's commit holds the settings row, so
// while a change is under way and not yet committed the read waits for it, then commits only for the lead
// times the settings hold by then, or nothing once reminders are off. Without the hold it would put back,
// after the change committed, the reminders the change cancelled or deleted. (SQLite runs one writer at a
// time, so there it cannot race.)
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "../../src/store/database.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { holdOpen, waitsForTheChange } from "./support/held-transaction.js";
import {
  guildA,
  minute,
  sendAll,
  sync,
  tournamentStarting,
  turnOn,
} from "./support/tournament-reminder-fixtures.js";
import { testNow } from "./secret-box-fixture.js";

const tournament = tournamentStarting(testNow + 120 * minute);
const later = tournamentStarting(testNow + 180 * minute, "trn_later");

const postgresDatabases = testDatabases().filter((database) => database.dialect === "postgres");

async function statuses(db: Kysely<Database>) {
  const rows = await db
    .selectFrom("tournament_reminders")
    .select(["tournament_id", "lead_minutes", "status", "status_reason"])
    .orderBy("starts_at")
    .orderBy("lead_minutes", "desc")
    .execute();
  return rows.map((row) => [row.tournament_id, row.lead_minutes, row.status, row.status_reason]);
}

// Skipped, not empty, without TEST_DATABASE_URL: a file with no suite at all fails the run.
describe.skipIf(postgresDatabases.length === 0)("a read racing a change of the reminder settings", () => {
  describe.each(postgresDatabases)("on $name", (database) => {
    const store = useMigratedStore(database);

    it("waits for a change of lead times under way, then commits only the lead times it left", async () => {
      await turnOn(store.db, guildA, [60]);
      await sync(store.db, { tournaments: [tournament], leads: [60] });
      // What saveReminderSettings writes for `before:10m`, in a transaction the test keeps open.
      const change = await holdOpen(store.db, async (trx) => {
        await trx
          .updateTable("reminder_settings")
          .set({ lead_minutes: "[10]", next_poll_at: testNow + 1, updated_at: testNow + 1 })
          .where("guild_id", "=", guildA)
          .execute();
        await trx
          .updateTable("tournament_reminders")
          .set({ status: "cancelled", status_reason: "settings", updated_at: testNow + 1 })
          .where("guild_id", "=", guildA)
          .where("status", "=", "scheduled")
          .where("lead_minutes", "not in", [10])
          .execute();
      });

      const read = sync(store.db, { tournaments: [tournament, later], leads: [60], now: testNow + 2 });
      expect(await waitsForTheChange(store.db, change.pid, read)).toBe("waiting for the change");
      await change.commit();

      expect(await read).toEqual({ scheduled: 0, moved: 0, gone: 0 });
      expect(await statuses(store.db)).toEqual([["trn_sprint", 60, "cancelled", "settings"]]);
      expect(await sendAll(store.db, tournament.startsAt - 60 * minute)).toEqual([]);
    });

    it("waits for an off under way, then writes nothing", async () => {
      await turnOn(store.db, guildA, [60]);
      await sync(store.db, { tournaments: [tournament], leads: [60] });
      // What deleteReminderSettings writes, in a transaction the test keeps open.
      const change = await holdOpen(store.db, async (trx) => {
        await trx.deleteFrom("reminder_settings").where("guild_id", "=", guildA).execute();
        await trx
          .deleteFrom("tournament_reminders")
          .where("guild_id", "=", guildA)
          .where("status", "=", "scheduled")
          .execute();
      });

      const read = sync(store.db, { tournaments: [tournament, later], leads: [60], now: testNow + 2 });
      expect(await waitsForTheChange(store.db, change.pid, read)).toBe("waiting for the change");
      await change.commit();

      expect(await read).toBeUndefined();
      expect(await statuses(store.db)).toEqual([]);
    });
  });
});
