// A read of the open tournaments racing `/setup events off` on PostgreSQL
// (src/store/tournament-event-row-sync.ts, holdEventSettings): the read holds the settings row until its
// commit, so while an off is under way and not yet committed the read waits for it, then finds events off and
// writes nothing; without the hold it would read the row the off is deleting and put back the event the off
// marked for deletion. (SQLite runs one writer at a time, so there it cannot race.)
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { enableTournamentEvents } from "../../src/store/tournament-event-settings.js";
import { syncTournamentEventRows } from "../../src/store/tournament-event-row-sync.js";
import { listTournamentEvents, type WantedTournamentEvent } from "../../src/store/tournament-events.js";
import { waitUntil } from "../e2e/support/wait-until.js";
import { testDatabases, useMigratedStore } from "./databases.js";
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
      let commitOff!: () => void;
      const offMayCommit = new Promise<void>((resolve) => (commitOff = resolve));
      let offWritten!: (pid: number) => void;
      const offHasWritten = new Promise<number>((resolve) => (offWritten = resolve));
      // What disableTournamentEvents writes, in a transaction the test keeps open.
      const off = store.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await trx.deleteFrom("tournament_event_settings").where("guild_id", "=", guildId).execute();
        await trx
          .updateTable("tournament_events")
          .set({ wanted_status: "deleted", due_at: testNow + 1, updated_at: testNow + 1 })
          .where("guild_id", "=", guildId)
          .execute();
        offWritten(rows[0]?.pid ?? 0);
        await offMayCommit;
      });
      const offSession = await offHasWritten;

      const read = sync(testNow + 2);
      // The read waits on a lock the off's session holds (not another file's); one that does not wait
      // finishes first.
      const waiting = waitUntil(
        async () => {
          const { rows } = await sql<{ waiting: number }>`
          select count(*)::int as waiting from pg_stat_activity
          where ${offSession}::int = any(pg_blocking_pids(pid))`.execute(store.db);
          return (rows[0]?.waiting ?? 0) > 0;
        },
        { timeoutMs: 10_000, what: "the read to wait for the off's lock" },
      ).then(() => "waiting for the off");
      expect(await Promise.race([waiting, read.then(() => "done before the off committed")])).toBe(
        "waiting for the off",
      );
      commitOff();
      await off;

      expect(await read).toBeUndefined();
      expect((await listTournamentEvents(store.db, guildId)).map((event) => event.wantedStatus)).toEqual([
        "deleted",
      ]);
    });
  });
});
