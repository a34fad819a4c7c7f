// Two reads of one server's open tournaments committing out of order (docs/architecture.md, "Tournament
// reminders"): with two instances and a platform slower than the poll interval, a read can still run when the
// next is claimed, and commit after it. The older read, named by its claim's count, writes nothing: it
// brought back a moved start's reminders and cancelled the new start's until the next read.
import { describe, expect, it } from "vitest";
import { claimDuePolls, deleteReminderSettings } from "../../src/store/reminder-settings.js";
import { listScheduledReminders } from "../../src/store/tournament-reminders.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { minute, sync, tournamentStarting, turnOn, guildA } from "./support/tournament-reminder-fixtures.js";
import { testNow } from "./secret-box-fixture.js";

describe.each(testDatabases())("reads committing out of order on $name", (database) => {
  const store = useMigratedStore(database);
  const scheduledStarts = async () =>
    (await listScheduledReminders(store.db, guildA)).map((reminder) => reminder.tournament.startsAt);

  it("keeps what the later read wrote when an earlier one commits after it", async () => {
    await turnOn(store.db, guildA, [60]);
    const first = testNow + 5 * 60 * minute;
    const moved = first + 2 * 60 * minute;
    // Reads named by their claims' count: each claim a poll interval after the last.
    const claimAt = async (now: number) => {
      const [claimed] = await claimDuePolls(store.db, { now, pollMs: 60_000, limit: 10 });
      if (claimed === undefined) throw new Error("no read was due");
      return claimed.readClaims;
    };
    const earlierRead = await claimAt(testNow);
    const laterRead = await claimAt(testNow + 60_000);
    expect(
      await sync(store.db, { tournaments: [tournamentStarting(first)], leads: [60], read: earlierRead }),
    ).toMatchObject({ scheduled: 1 });
    // The start moved; the later read saw it and committed first.
    await sync(store.db, { tournaments: [tournamentStarting(moved)], leads: [60], read: laterRead });
    expect(await scheduledStarts()).toEqual([moved]);

    const stale = await sync(store.db, {
      tournaments: [tournamentStarting(first)],
      leads: [60],
      read: earlierRead,
    });

    expect(stale).toBe("overtaken");
    expect(await scheduledStarts()).toEqual([moved]);
    // A read claimed after both still writes.
    const next = await sync(store.db, {
      tournaments: [tournamentStarting(moved)],
      leads: [60],
      read: await claimAt(testNow + 120_000),
    });
    expect(next).toMatchObject({ scheduled: 0, moved: 0 });
  });

  it("names each claimed read one more than the last, so a read made due by new settings still writes", async () => {
    await turnOn(store.db, guildA, [60]);
    const claim = async () => {
      const [claimed] = await claimDuePolls(store.db, { now: testNow, pollMs: 60_000, limit: 10 });
      if (claimed === undefined) throw new Error("no read was due");
      return claimed.readClaims;
    };
    const startsAt = testNow + 5 * 60 * minute;
    const tournaments = [tournamentStarting(startsAt)];
    expect(await sync(store.db, { tournaments, leads: [60], read: await claim() })).toMatchObject({
      scheduled: 1,
    });
    // New lead times, in the same millisecond: the read they make due at once must write them.
    await turnOn(store.db, guildA, [60, 10]);
    const next = await sync(store.db, { tournaments, leads: [60, 10], read: await claim() });
    expect(next).toMatchObject({ scheduled: 1 });
    expect((await listScheduledReminders(store.db, guildA)).map((reminder) => reminder.leadMinutes)).toEqual([
      60, 10,
    ]);
  });

  it("writes nothing from a read claimed for settings turned off and on again meanwhile", async () => {
    await turnOn(store.db, guildA, [60]);
    const [claimed] = await claimDuePolls(store.db, { now: testNow, pollMs: 60_000, limit: 10 });
    const tournaments = [tournamentStarting(testNow + 5 * 60 * minute)];
    await deleteReminderSettings(store.db, guildA);
    await turnOn(store.db, guildA, [60], testNow + 1);
    // The new settings' count begins anew; the old read, claimed for the old ones, is overtaken all the same.
    const stale = await sync(store.db, { tournaments, leads: [60], read: claimed?.readClaims ?? 0 });
    expect(stale).toBe("overtaken");
    const [fresh] = await claimDuePolls(store.db, { now: testNow + 1, pollMs: 60_000, limit: 10 });
    const written = await sync(store.db, {
      tournaments,
      leads: [60],
      read: fresh?.readClaims ?? 0,
      settingsCreatedAt: fresh?.createdAt ?? 0,
    });
    expect(written).toMatchObject({ scheduled: 1 });
  });
});
