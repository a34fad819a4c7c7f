// A read of the open tournaments racing `/setup events off` on PostgreSQL
// (src/store/tournament-event-row-sync.ts, holdEventSettings): the read holds the settings row until its
// commit, so while an off is under way and not yet committed the read waits for it, then finds events off and
// writes nothing; without the hold it would read the row the off is deleting and put back the event the off
// marked for deletion. (SQLite runs one writer at a time, so there it cannot race.)
import { describe, expect, it } from "vitest";
import { enableTournamentEvents } from "../../src/store/tournament-event-settings.js";
import { syncTournamentEventRows } from "../../src/store/tournament-event-row-sync.js";
import { listTournamentEvents, type WantedTournamentEvent } from "../../src/store/tournament-events.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { holdOpen, waitsForTheChange } from "./support/held-transaction.js";
import { testNow } from "./secret-box-fixture.js";

const guildId = "100000000000000001";
const hour = 3_600_000;
const wanted: WantedTournamentEvent = {
  tournamentId: "a",
  name: "Cup a",
  description: "Format: elimination",
  location: "Register with /tournament register id:a",
  startsAt: testNow + hour,
  endsAt: testNow + 3 * hour,
};

const postgresDatabases = testDatabases().filter((database) => database.dialect === "postgres");

// Skipped, not empty, without TEST_DATABASE_URL: a file with no suite at all fails the run.
describe.skipIf(postgresDatabases.length === 0)("a read racing /setup events off", () => {
  describe.each(postgresDatabases)("on $name", (database) => {
    const store = useMigratedStore(database);
    const sync = (now: number) =>
      syncTournamentEventRows(store.db, {
        guildId,
        wanted: [wanted],
        openIds: new Set(["a"]),
        complete: true,
        now,
        limit: 100,
      });

    it("waits for an off under way, then writes nothing", async () => {
      await enableTournamentEvents(store.db, { guildId, enabledBy: "200000000000000009", now: testNow });
      await sync(testNow);
      // What disableTournamentEvents writes, in a transaction the test keeps open.
      const off = await holdOpen(store.db, async (trx) => {
        await trx.deleteFrom("tournament_event_settings").where("guild_id", "=", guildId).execute();
        await trx
          .updateTable("tournament_events")
          .set({ wanted_status: "deleted", due_at: testNow + 1, updated_at: testNow + 1 })
          .where("guild_id", "=", guildId)
          .execute();
      });

      const read = sync(testNow + 2);
      // The read waits on a lock the off's session holds; one that does not wait finishes first.
      expect(await waitsForTheChange(store.db, off.pid, read)).toBe("waiting for the change");
      await off.commit();

      expect(await read).toBeUndefined();
      expect((await listTournamentEvents(store.db, guildId)).map((event) => event.wantedStatus)).toEqual([
        "deleted",
      ]);
    });
  });
});
