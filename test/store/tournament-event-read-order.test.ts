// Two of the events' own reads of a server's open tournaments committing out of order (docs/architecture.md,
// "Tournament events"; a server without reminders): with two instances and a platform slower than the poll
// interval, a read can still run when the next is claimed, and commit after it. The older read, named by its
// claim's count and the settings it was claimed for, writes nothing: it moved the event back to the start it
// had read, until the next read.
import { describe, expect, it } from "vitest";
import { claimDueTournamentEvents, recordEventSynced } from "../../src/store/tournament-event-lease.js";
import { claimDueEventReads } from "../../src/store/tournament-event-reads.js";
import { syncTournamentEventRows, type EventRowsRead } from "../../src/store/tournament-event-row-sync.js";
import {
  disableTournamentEvents,
  enableTournamentEvents,
} from "../../src/store/tournament-event-settings.js";
import { listTournamentEvents, type WantedTournamentEvent } from "../../src/store/tournament-events.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { holdOpen, waitsForTheChange } from "./support/held-transaction.js";
import { testNow } from "./secret-box-fixture.js";
import { wantedTournamentEvent } from "./support/wanted-tournament-event.js";
import { claimDuePolls, deleteReminderSettings } from "../../src/store/reminder-settings.js";
import { sync as syncReminders, tournamentStarting, turnOn } from "./support/tournament-reminder-fixtures.js";
import { recordLinkProblemOnce } from "../../src/store/tournament-read-state.js";

const guildId = "100000000000000001";
const hour = 3_600_000;

describe.each(testDatabases())("events' reads committing out of order on $name", (database) => {
  const store = useMigratedStore(database);
  const claimAt = async (now: number) => {
    const [claimed] = await claimDueEventReads(store.db, { now, pollMs: 60_000, limit: 10 });
    if (claimed === undefined) throw new Error("no read was due");
    return { feeds: "events" as const, claims: claimed.readClaims, settingsCreatedAt: claimed.createdAt };
  };
  const sync = (event: WantedTournamentEvent, read: EventRowsRead) =>
    syncTournamentEventRows(store.db, {
      guildId,
      wanted: [event],
      openIds: new Set([event.tournamentId]),
      complete: true,
      now: testNow + 120_000,
      limit: 100,
      read,
    });
  const starts = async () => (await listTournamentEvents(store.db, guildId)).map((event) => event.startsAt);

  it("keeps what the later read wrote when an earlier one commits after it", async () => {
    await enableTournamentEvents(store.db, { guildId, enabledBy: "200000000000000009", now: testNow });
    const first = testNow + 5 * hour;
    const moved = first + 2 * hour;
    const earlierRead = await claimAt(testNow);
    const laterRead = await claimAt(testNow + 60_000);
    expect(laterRead.claims).toBe(earlierRead.claims + 1);

    // The start moved; the later read saw it and committed first.
    expect(await sync(wantedTournamentEvent("trn_a", moved), laterRead)).toMatchObject({ created: 1 });
    expect(await sync(wantedTournamentEvent("trn_a", first), earlierRead)).toBe("overtaken");
    expect(await starts()).toEqual([moved]);

    // A read claimed before events were turned off and on again writes nothing into the new settings either.
    const beforeOff = await claimAt(testNow + 120_000);
    await disableTournamentEvents(store.db, { guildId, now: testNow + 130_000 });
    await enableTournamentEvents(store.db, {
      guildId,
      enabledBy: "200000000000000009",
      now: testNow + 140_000,
    });
    expect(await sync(wantedTournamentEvent("trn_b", first), beforeOff)).toBe("overtaken");
    const afterOn = await claimAt(testNow + 140_000);
    expect(await sync(wantedTournamentEvent("trn_b", first), afterOn)).toMatchObject({ created: 1 });
  });
});

// With reminders on, their read feeds the events too: it writes its reminders in one commit and the rows in
// the next, and must hold in both against reminders turned off meanwhile, a later reminders' read, and an
// events' own read claimed before reminders were turned on.
describe.each(testDatabases())("the reminders' read writing the events on $name", (database) => {
  const store = useMigratedStore(database);
  const first = testNow + 5 * hour;
  const moved = first + 2 * hour;
  const claimReminderRead = async (now: number) => {
    const [claimed] = await claimDuePolls(store.db, { now, pollMs: 60_000, limit: 10 });
    if (claimed === undefined) throw new Error("no reminders' read was due");
    return {
      feeds: "reminders" as const,
      claims: claimed.readClaims,
      settingsCreatedAt: claimed.createdAt,
      eventReadsBefore: 0,
    };
  };
  /** A reminders' read's first commit: its reminders, taking its turn. */
  const writeReminders = (startsAt: number, read: EventRowsRead) =>
    syncReminders(store.db, {
      tournaments: [tournamentStarting(startsAt, "trn_a")],
      leads: [60],
      read: read.claims,
      settingsCreatedAt: read.settingsCreatedAt,
      now: testNow + 120_000,
    });
  /** A read's event rows: the tournament at `startsAt`. */
  const writeRows = (startsAt: number, read: EventRowsRead, now = testNow + 120_000) =>
    syncTournamentEventRows(store.db, {
      guildId,
      wanted: [wantedTournamentEvent("trn_a", startsAt)],
      openIds: new Set(["trn_a"]),
      complete: true,
      now,
      limit: 100,
      read,
    });
  /** The reminders' read's two commits: its reminders (taking its turn), then the event rows. */
  async function remindersRead(read: EventRowsRead, startsAt: number) {
    const reminders = await writeReminders(startsAt, read);
    const rows = await writeRows(startsAt, read, testNow + 120_000);
    return { reminders, rows };
  }
  const starts = async () => (await listTournamentEvents(store.db, guildId)).map((event) => event.startsAt);

  it("writes no rows once reminders were turned off or a later read wrote, between its two commits", async () => {
    await turnOn(store.db, guildId, [60]);
    await enableTournamentEvents(store.db, { guildId, enabledBy: "200000000000000009", now: testNow });
    const earlier = await claimReminderRead(testNow);
    const later = await claimReminderRead(testNow + 60_000);
    // The earlier read's reminders commit; the later read then commits both before the earlier's rows.
    expect(await writeReminders(first, earlier)).toMatchObject({ scheduled: 1 });
    expect(await remindersRead(later, moved)).toMatchObject({ rows: { created: 1 } });
    expect(await writeRows(first, earlier, testNow + 120_000)).toBe("overtaken");
    expect(await starts()).toEqual([moved]);

    // Turned off after a read's reminders committed: its rows are not written (the events' own reads keep
    // them from now on).
    const beforeOff = await claimReminderRead(testNow + 120_000);
    await writeReminders(first, beforeOff);
    await deleteReminderSettings(store.db, guildId);
    expect(await writeRows(first, beforeOff, testNow + 180_000)).toBeUndefined();
    // Turned on again: newer settings, which this read was not claimed for.
    await turnOn(store.db, guildId, [60], testNow + 190_000);
    expect(await writeRows(first, beforeOff, testNow + 200_000)).toBe("overtaken");
    expect(await starts()).toEqual([moved]);
  });

  it("writes no rows after an events' own read claimed once it began, while it was on hold, wrote", async () => {
    await turnOn(store.db, guildId, [60]);
    await enableTournamentEvents(store.db, { guildId, enabledBy: "200000000000000009", now: testNow });
    // The reminders' read begins: no events' own read claimed yet.
    const reminders = await claimReminderRead(testNow);
    // Its link is found broken meanwhile (on hold), so the events are read on their own claim, which writes.
    await recordLinkProblemOnce(store.db, "reminder_settings", {
      guildId,
      problem: "not_linked",
      now: testNow,
    });
    const [own] = await claimDueEventReads(store.db, { now: testNow + 1, pollMs: 60_000, limit: 10 });
    if (own === undefined) throw new Error("no events' own read was due");
    const ownRead = { feeds: "events" as const, claims: own.readClaims, settingsCreatedAt: own.createdAt };
    expect(await writeRows(moved, ownRead, testNow + 60_000)).toMatchObject({ created: 1 });

    expect(await remindersRead(reminders, first)).toMatchObject({ rows: "overtaken" });
    expect(await starts()).toEqual([moved]);
  });

  it("makes an events' own read claimed before reminders were turned on write nothing after it", async () => {
    await enableTournamentEvents(store.db, { guildId, enabledBy: "200000000000000009", now: testNow });
    const [own] = await claimDueEventReads(store.db, { now: testNow, pollMs: 60_000, limit: 10 });
    if (own === undefined) throw new Error("no events' own read was due");
    // Reminders turned on while the events' own read runs; their first read commits both first.
    await turnOn(store.db, guildId, [60], testNow + 1);
    expect(await remindersRead(await claimReminderRead(testNow + 1), moved)).toMatchObject({
      rows: { created: 1 },
    });

    const late = await writeRows(first, {
      feeds: "events",
      claims: own.readClaims,
      settingsCreatedAt: own.createdAt,
    });

    expect(late).toBe("overtaken");
    expect(await starts()).toEqual([moved]);
  });
});

const postgres = testDatabases().filter((database) => database.dialect === "postgres");

// A read of the reminders' and one of the events' own may still overlap (as the reminders' link comes back or
// goes): both see no row for a new tournament, and the second insert met the first's.
describe.each(postgres)("two reads adding one tournament's row at once on $name", (database) => {
  const store = useMigratedStore(database);

  it("keeps the row the first made, and the second read goes on", async () => {
    await enableTournamentEvents(store.db, { guildId, enabledBy: "200000000000000009", now: testNow });
    const event = wantedTournamentEvent("trn_a", testNow + 5 * hour);
    // The first read's insert, made and not yet committed when the second read looks.
    const first = await holdOpen(store.db, (trx) =>
      trx
        .insertInto("tournament_events")
        .values({
          guild_id: guildId,
          tournament_id: event.tournamentId,
          wanted_status: "scheduled",
          name: event.name,
          description: event.description,
          location: event.location,
          starts_at: event.startsAt,
          ends_at: event.endsAt,
          due_at: testNow,
          attempts: 0,
          created_at: testNow,
          updated_at: testNow,
        })
        .execute(),
    );

    const second = syncTournamentEventRows(store.db, {
      guildId,
      wanted: [event],
      openIds: new Set([event.tournamentId]),
      complete: true,
      now: testNow + 1,
      limit: 100,
    });
    // The second read's insert waits on the first's, which then commits.
    expect(await waitsForTheChange(store.db, first.pid, second)).toBe("waiting for the change");
    await first.commit();

    expect(await second).toEqual({ created: 0, changed: 0, started: 0, deleted: 0 });
    expect(await listTournamentEvents(store.db, guildId)).toMatchObject([
      { tournamentId: "trn_a", dueAt: testNow, updatedAt: testNow },
    ]);
  });
});

// Instances' clocks disagree: a read on one whose clock runs behind changes a row after a worker claimed it
// from a write of one whose clock ran ahead. The change must still count as made after the claim, or the
// worker's finish leaves the row not due, and the event in Discord at the old start for good.
describe.each(testDatabases())(
  "a row changed after its claim by an instance whose clock runs behind, on $name",
  (database) => {
    const store = useMigratedStore(database);
    const at = (now: number, event: WantedTournamentEvent) =>
      syncTournamentEventRows(store.db, {
        guildId,
        wanted: [event],
        openIds: new Set([event.tournamentId]),
        complete: true,
        now,
        limit: 100,
      });

    it("is due again once the worker that claimed it before the change records its sync", async () => {
      await enableTournamentEvents(store.db, { guildId, enabledBy: "200000000000000009", now: testNow });
      const start = testNow + 5 * hour;
      // Written by an instance 3 s ahead; claimed by the worker.
      await at(testNow + 5000, wantedTournamentEvent("trn_a", start));
      const [claimed] = await claimDueTournamentEvents(store.db, {
        owner: "worker",
        now: testNow + 5000,
        leaseMs: 60_000,
        limit: 10,
      });
      if (claimed === undefined) throw new Error("the row was not claimed");
      // The start moves; an instance whose clock runs behind reads it.
      expect(await at(testNow + 2001, wantedTournamentEvent("trn_a", start + hour))).toMatchObject({
        changed: 1,
      });

      await recordEventSynced(
        store.db,
        { guildId, tournamentId: "trn_a", claimedUpdatedAt: claimed.updatedAt },
        {
          discordEventId: "900000000000000001",
          syncedStatus: "scheduled",
          syncedFields: wantedTournamentEvent("trn_a", start),
          nextDueAt: null,
          now: testNow + 6000,
        },
      );
      const [row] = await listTournamentEvents(store.db, guildId);
      expect(row).toMatchObject({ startsAt: start + hour, dueAt: testNow + 6000 });
    });
  },
);
