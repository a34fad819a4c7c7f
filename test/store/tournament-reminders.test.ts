// The reminders before a tournament starts (docs/architecture.md, "Tournament reminders"): brought in line
// with each read of the open tournaments, dropped when the tournament started, and pruned long after.
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { decideDueReminder } from "../../src/reminders/reminder-timing.js";
import type { Database } from "../../src/store/database.js";
import { sendDueReminders } from "../../src/store/due-reminders.js";
import { deleteReminderSettings } from "../../src/store/reminder-settings.js";
import {
  findTournamentReminder,
  listScheduledReminders,
  markTournamentStarted,
  pruneTournamentReminders,
  queuedPostGone,
} from "../../src/store/tournament-reminders.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import {
  guildA,
  guildB,
  minute,
  sendAll,
  sync,
  tournamentStarting,
  turnOn,
} from "./support/tournament-reminder-fixtures.js";
import { testNow } from "./secret-box-fixture.js";

async function statuses(db: Kysely<Database>) {
  const rows = await db
    .selectFrom("tournament_reminders")
    .select(["guild_id", "lead_minutes", "starts_at", "status", "status_reason"])
    .orderBy("guild_id")
    .orderBy("starts_at")
    .orderBy("lead_minutes", "desc")
    .execute();
  return rows;
}

describe.each(testDatabases())("tournament reminders on $name", (database) => {
  const store = useMigratedStore(database);

  it("schedules one reminder per lead time, due that long before the start, once however often it is read", async () => {
    await turnOn(store.db, guildA, [10, 1]);
    const start = testNow + 11 * minute;
    expect(await sync(store.db, { tournaments: [tournamentStarting(start)], leads: [10, 1] })).toEqual({
      scheduled: 2,
      moved: 0,
      gone: 0,
    });
    const renamed = { ...tournamentStarting(start), title: "Weekly Sprint (renamed)", participants: 9 };
    expect(await sync(store.db, { tournaments: [renamed], leads: [10, 1], now: testNow + 1 })).toEqual({
      scheduled: 0,
      moved: 0,
      gone: 0,
    });
    const scheduled = await listScheduledReminders(store.db, guildA);
    expect(scheduled.map((reminder) => [reminder.leadMinutes, reminder.dueAt])).toEqual([
      [10, start - 10 * minute],
      [1, start - minute],
    ]);
    expect(scheduled.map((reminder) => reminder.tournament.title)).toEqual([
      "Weekly Sprint (renamed)",
      "Weekly Sprint (renamed)",
    ]);
    expect(scheduled[0]?.tournament.participants).toBe(9);
  });

  it("cancels the reminders of a start that moved and schedules the new start's, and back again", async () => {
    await turnOn(store.db, guildA, [10]);
    const first = testNow + 30 * minute;
    const later = first + 20 * minute;
    await sync(store.db, { tournaments: [tournamentStarting(first)], leads: [10] });
    expect(await sync(store.db, { tournaments: [tournamentStarting(later)], leads: [10] })).toEqual({
      scheduled: 1,
      moved: 1,
      gone: 0,
    });
    expect(await statuses(store.db)).toEqual([
      { guild_id: guildA, lead_minutes: 10, starts_at: first, status: "cancelled", status_reason: "moved" },
      { guild_id: guildA, lead_minutes: 10, starts_at: later, status: "scheduled", status_reason: null },
    ]);
    await sync(store.db, { tournaments: [tournamentStarting(first)], leads: [10] });
    expect(await statuses(store.db)).toEqual([
      { guild_id: guildA, lead_minutes: 10, starts_at: first, status: "scheduled", status_reason: null },
      { guild_id: guildA, lead_minutes: 10, starts_at: later, status: "cancelled", status_reason: "moved" },
    ]);
  });

  it("skips the reminders of a tournament that left the open list, once two complete reads missed it", async () => {
    await turnOn(store.db, guildA, [10]);
    const sprint = tournamentStarting(testNow + 30 * minute);
    const open = tournamentStarting(testNow + 40 * minute, "trn_open");
    await sync(store.db, { tournaments: [sprint, open], leads: [10] });
    expect(await sync(store.db, { tournaments: [open], leads: [10], complete: false })).toMatchObject({
      gone: 0,
    });
    // One complete read may have missed it (an empty answer, a shifted page): the next decides.
    expect(await sync(store.db, { tournaments: [open], leads: [10] })).toMatchObject({ gone: 0 });
    expect(await sync(store.db, { tournaments: [open], leads: [10], complete: false })).toMatchObject({
      gone: 0,
    });
    expect(await sync(store.db, { tournaments: [open], leads: [10] })).toMatchObject({ gone: 1 });
    expect((await statuses(store.db)).map((row) => [row.starts_at, row.status, row.status_reason])).toEqual([
      [sprint.startsAt, "skipped", "gone"],
      [open.startsAt, "scheduled", null],
    ]);
    expect(await sync(store.db, { tournaments: [], leads: [10] })).toMatchObject({ gone: 0 });
    expect(await sync(store.db, { tournaments: [], leads: [10] })).toMatchObject({ gone: 1 });
  });

  it("keeps the reminders of a tournament the reads list but cannot read (its start gone unreadable)", async () => {
    await turnOn(store.db, guildA, [10]);
    const sprint = tournamentStarting(testNow + 30 * minute);
    await sync(store.db, { tournaments: [sprint], leads: [10] });
    for (const at of [1, 2, 3]) {
      expect(
        await sync(store.db, { tournaments: [], leads: [10], now: testNow + at, unreadableIds: [sprint.id] }),
      ).toMatchObject({ gone: 0 });
    }
    expect((await statuses(store.db)).map((row) => [row.status, row.status_reason])).toEqual([
      ["scheduled", null],
    ]);
  });

  it("sends on time a reminder due between a read that missed its tournament and the next read", async () => {
    await turnOn(store.db, guildA, [10]);
    const startsAt = testNow + 30 * minute;
    const sprint = tournamentStarting(startsAt);
    await sync(store.db, { tournaments: [sprint], leads: [10] });
    // Reads every 5 minutes: the one at 12 minutes before the start gets an empty answer.
    expect(await sync(store.db, { tournaments: [], leads: [10], now: startsAt - 12 * minute })).toMatchObject(
      {
        gone: 0,
      },
    );
    const due = await sendAll(store.db, startsAt - 10 * minute);
    expect(due.map((outcome) => outcome.decision.send)).toEqual([true]);
    // The next read shows it open: the reminder stays sent, and nothing is scheduled again.
    expect(await sync(store.db, { tournaments: [sprint], leads: [10], now: startsAt - 7 * minute })).toEqual({
      scheduled: 0,
      moved: 0,
      gone: 0,
    });
    expect((await statuses(store.db)).map((row) => row.status)).toEqual(["sent"]);
  });

  it("marks a sent reminder's waiting post gone once two complete reads missed its tournament, until it is listed again", async () => {
    await turnOn(store.db, guildA, [10]);
    const startsAt = testNow + 30 * minute;
    const sprint = tournamentStarting(startsAt);
    await sync(store.db, { tournaments: [sprint], leads: [10] });
    await sendAll(store.db, startsAt - 10 * minute);
    const reasons = async () => (await statuses(store.db)).map((row) => [row.status, row.status_reason]);
    // An incomplete read says nothing; the first complete miss only notes it.
    await sync(store.db, { tournaments: [], leads: [10], now: startsAt - 9 * minute, complete: false });
    await sync(store.db, { tournaments: [], leads: [10], now: startsAt - 8 * minute });
    expect(await reasons()).toEqual([["sent", null]]);
    await sync(store.db, { tournaments: [], leads: [10], now: startsAt - 7 * minute });
    expect(await reasons()).toEqual([["sent", queuedPostGone]]);
    // Listed again (a read had missed it twice), even without a start it can read: its post, if it still
    // waits, goes out after all.
    await sync(store.db, {
      tournaments: [],
      leads: [10],
      now: startsAt - 6 * minute,
      unreadableIds: [sprint.id],
    });
    expect(await reasons()).toEqual([["sent", null]]);
    await sync(store.db, { tournaments: [], leads: [10], now: startsAt - 5 * minute });
    await sync(store.db, { tournaments: [], leads: [10], now: startsAt - 4 * minute });
    expect(await reasons()).toEqual([["sent", queuedPostGone]]);
    await sync(store.db, { tournaments: [sprint], leads: [10], now: startsAt - 3 * minute });
    expect(await reasons()).toEqual([["sent", null]]);
  });

  it("schedules again the reminders of a tournament one read missed, when the next read shows it open", async () => {
    await turnOn(store.db, guildA, [10]);
    const sprint = tournamentStarting(testNow + 30 * minute);
    await sync(store.db, { tournaments: [sprint], leads: [10] });
    // A complete read without it: an empty answer, or a page that shifted as another tournament started.
    expect(await sync(store.db, { tournaments: [], leads: [10], now: testNow + 1 })).toMatchObject({
      gone: 0,
    });
    await sync(store.db, { tournaments: [sprint], leads: [10], now: testNow + 2 });
    // Seen again, it takes two complete reads that miss it once more to skip it.
    expect(await sync(store.db, { tournaments: [], leads: [10], now: testNow + 3 })).toMatchObject({
      gone: 0,
    });
    expect((await statuses(store.db)).map((row) => [row.status, row.status_reason])).toEqual([
      ["scheduled", null],
    ]);
    const due = await sendAll(store.db, sprint.startsAt - 10 * minute);
    expect(due.map((outcome) => outcome.decision.send)).toEqual([true]);
  });

  it("schedules again the reminders of a tournament two reads missed, when a later read shows it open", async () => {
    await turnOn(store.db, guildA, [10]);
    const sprint = tournamentStarting(testNow + 30 * minute);
    await sync(store.db, { tournaments: [sprint], leads: [10] });
    for (const at of [1, 2]) await sync(store.db, { tournaments: [], leads: [10], now: testNow + at });
    expect((await statuses(store.db)).map((row) => [row.status, row.status_reason])).toEqual([
      ["skipped", "gone"],
    ]);
    await sync(store.db, { tournaments: [sprint], leads: [10], now: testNow + 3 });
    expect((await statuses(store.db)).map((row) => [row.status, row.status_reason])).toEqual([
      ["scheduled", null],
    ]);
    const due = await sendAll(store.db, sprint.startsAt - 10 * minute);
    expect(due.map((outcome) => outcome.decision.send)).toEqual([true]);
  });

  it("never brings back a lead time the admin removed while a read of the old settings ran", async () => {
    const start = testNow + 120 * minute;
    const tournament = tournamentStarting(start);
    await turnOn(store.db, guildA, [60]);
    await sync(store.db, { tournaments: [tournament], leads: [60] });
    // `/setup reminders set before:10m` commits while a read claimed with the 60-minute lead time runs; the
    // read commits after it, and the next read has the new settings.
    await turnOn(store.db, guildA, [10]);
    expect(await sync(store.db, { tournaments: [tournament], leads: [60], now: testNow + 1 })).toEqual({
      scheduled: 0,
      moved: 0,
      gone: 0,
    });
    await sync(store.db, { tournaments: [tournament], leads: [10], now: testNow + 2 });

    const at = start - 60 * minute;
    const due = await sendDueReminders(store.db, {
      now: at,
      limit: 10,
      decide: (reminder) => decideDueReminder(reminder, at),
    });
    expect(due.map((outcome) => [outcome.reminder.leadMinutes, outcome.decision.send])).toEqual([]);
    expect(
      (await statuses(store.db)).map((row) => [row.lead_minutes, row.status, row.status_reason]),
    ).toEqual([
      [60, "cancelled", "settings"],
      [10, "scheduled", null],
    ]);
  });

  it("creates and brings back nothing when reminders were turned off while a read ran", async () => {
    const tournament = tournamentStarting(testNow + 120 * minute);
    const later = tournamentStarting(testNow + 180 * minute, "trn_later");
    await turnOn(store.db, guildA, [60]);
    await sync(store.db, { tournaments: [tournament], leads: [60] });
    // The 60-minute reminder is cancelled by a change of lead times, then `/setup reminders off` commits while
    // a read claimed with the 60-minute lead time runs.
    await turnOn(store.db, guildA, [10]);
    await deleteReminderSettings(store.db, guildA);
    expect(
      await sync(store.db, { tournaments: [tournament, later], leads: [60], now: testNow + 1 }),
    ).toBeUndefined();
    expect(await statuses(store.db)).toEqual([
      {
        guild_id: guildA,
        lead_minutes: 60,
        starts_at: tournament.startsAt,
        status: "cancelled",
        status_reason: "settings",
      },
    ]);
  });

  it("drops a started tournament's reminders in the server the event came from, or everywhere", async () => {
    for (const guildId of [guildA, guildB]) {
      await turnOn(store.db, guildId, [10, 1]);
      await sync(store.db, {
        guildId,
        tournaments: [tournamentStarting(testNow + 11 * minute)],
        leads: [10, 1],
      });
    }
    // The 10-minute reminders are queued in both servers; the 1-minute ones are still to come.
    const queued = await sendAll(store.db, testNow + minute);
    const queuedInA = queued.find((outcome) => outcome.reminder.guildId === guildA);
    expect(queued.map((outcome) => outcome.reminder.leadMinutes)).toEqual([10, 10]);

    expect(
      await markTournamentStarted(store.db, { tournamentId: "trn_sprint", guildId: guildA, now: testNow }),
    ).toBe(1);
    expect(await findTournamentReminder(store.db, queuedInA?.reminder.id ?? "")).toMatchObject({
      status: "sent",
      tournamentStarted: true,
    });
    expect(await listScheduledReminders(store.db, guildA)).toEqual([]);
    const inB = await listScheduledReminders(store.db, guildB);
    expect(inB.map((reminder) => [reminder.leadMinutes, reminder.tournamentStarted])).toEqual([[1, false]]);
    expect(
      await markTournamentStarted(store.db, { tournamentId: "trn_sprint", guildId: undefined, now: testNow }),
    ).toBe(1);
    expect(await listScheduledReminders(store.db, guildB)).toEqual([]);
    expect(await sendAll(store.db, testNow + 11 * minute)).toEqual([]);
  });

  it("prunes the reminders of starts long past", async () => {
    await turnOn(store.db, guildA, [10]);
    await sync(store.db, { tournaments: [tournamentStarting(testNow + 11 * minute)], leads: [10] });
    expect(await pruneTournamentReminders(store.db, testNow + 11 * minute)).toBe(0);
    expect(await pruneTournamentReminders(store.db, testNow + 11 * minute + 1)).toBe(1);
  });
});
