// `/setup events on` while the reminders' read writes the server's event rows, on PostgreSQL
// (src/store/tournament-event-settings.ts, enableTournamentEvents; tournament-event-row-sync.ts): both take the
// reminders' settings row and then the events' settings row, in that order, so neither waits for the other
// while holding what the other needs. Taken the other way round, they deadlocked and PostgreSQL cut one.
// (SQLite runs one writer at a time.)
import { sql, type Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "../../src/store/database.js";
import { claimDuePolls } from "../../src/store/reminder-settings.js";
import { syncTournamentEventRows } from "../../src/store/tournament-event-row-sync.js";
import { enableTournamentEvents } from "../../src/store/tournament-event-settings.js";
import { waitUntil } from "../e2e/support/wait-until.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { holdOpen, waitsForTheChange } from "./support/held-transaction.js";
import { sync as syncReminders, tournamentStarting, turnOn } from "./support/tournament-reminder-fixtures.js";
import { testNow } from "./secret-box-fixture.js";
import { wantedTournamentEvent } from "./support/wanted-tournament-event.js";

const guildId = "100000000000000001";
const startsAt = testNow + 5 * 3_600_000;
const postgresDatabases = testDatabases().filter((database) => database.dialect === "postgres");

/** The session a statement of `holder`'s blocks, once there is one. */
async function sessionBlockedBy(db: Kysely<Database>, holder: number): Promise<number> {
  let blocked = 0;
  await waitUntil(
    async () => {
      const { rows } = await sql<{ pid: number }>`
        select pid from pg_stat_activity where ${holder}::int = any(pg_blocking_pids(pid))`.execute(db);
      blocked = rows[0]?.pid ?? 0;
      return blocked !== 0;
    },
    { timeoutMs: 10_000, what: "a session to wait for the held one" },
  );
  return blocked;
}

// Skipped, not empty, without TEST_DATABASE_URL: a file with no suite at all fails the run.
describe.skipIf(postgresDatabases.length === 0)("/setup events on beside the reminders' read", () => {
  describe.each(postgresDatabases)("on $name", (database) => {
    const store = useMigratedStore(database);

    it("lets the read write its rows first, then turns events on", async () => {
      await turnOn(store.db, guildId, [60]);
      await enableTournamentEvents(store.db, { guildId, enabledBy: "200000000000000009", now: testNow });
      // A reminders' read, claimed (its next read an interval ahead) and its reminders written.
      const [claimed] = await claimDuePolls(store.db, { now: testNow, pollMs: 60_000, limit: 10 });
      if (claimed === undefined) throw new Error("no reminders' read was due");
      await syncReminders(store.db, {
        tournaments: [tournamentStarting(startsAt, "trn_a")],
        leads: [60],
        read: claimed.readClaims,
        settingsCreatedAt: claimed.createdAt,
      });
      // A third session reads the reminders' settings as the read does, and holds them shared, so that the
      // admin's `/setup events on` stops at the first statement that needs them.
      const reader = await holdOpen(store.db, (trx) =>
        trx.selectFrom("reminder_settings").select("guild_id").forShare().execute(),
      );
      const on = enableTournamentEvents(store.db, {
        guildId,
        enabledBy: "200000000000000008",
        now: testNow + 1_000,
      });
      const settled = on.then(
        () => "on",
        (error: unknown) => error,
      );
      const onSession = await sessionBlockedBy(store.db, reader.pid);

      const rows = syncTournamentEventRows(store.db, {
        guildId,
        wanted: [wantedTournamentEvent("trn_a", startsAt)],
        openIds: new Set(["trn_a"]),
        complete: true,
        now: testNow + 2_000,
        limit: 100,
        read: {
          feeds: "reminders",
          claims: claimed.readClaims,
          settingsCreatedAt: claimed.createdAt,
          eventReadsBefore: 0,
        },
      });
      const written = rows.then(
        (sync) => sync,
        (error: unknown) => error,
      );
      // The read must not wait for the admin's `/setup events on`, which holds nothing it needs yet.
      const outcome = await waitsForTheChange(store.db, onSession, written);
      await reader.commit();

      expect(outcome).toBe("done before the change committed");
      expect(await written).toMatchObject({ created: 1 });
      expect(await settled).toBe("on");
    });
  });
});
