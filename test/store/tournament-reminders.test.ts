// The reminders before a tournament starts (docs/architecture.md, "Tournament reminders"): brought in line
// with each read of the open tournaments, sent once when due with their post queued in the same commit,
// and dropped when the tournament started.
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/store/create-db.js";
import type { Database } from "../../src/store/database.js";
import { recordGuildRemoval } from "../../src/store/guild-removals.js";
import { findInboxEvent } from "../../src/store/inbox.js";
import { findOutboxEntry } from "../../src/store/outbox.js";
import { recordThreadStarted } from "../../src/store/message-threads.js";
import { startTournamentThread } from "../../src/store/tournament-threads.js";
import { saveReminderSettings } from "../../src/store/reminder-settings.js";
import { sendDueReminders } from "../../src/store/due-reminders.js";
import {
  findTournamentReminder,
  listScheduledReminders,
  markTournamentStarted,
  pruneTournamentReminders,
  reminderSource,
  syncTournamentReminders,
  type ReminderTournament,
} from "../../src/store/tournament-reminders.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { testNow } from "./secret-box-fixture.js";

const guildA = "100000000000000001";
const guildB = "100000000000000002";
const channelOf = (guildId: string) => `3${guildId.slice(1)}`;
const minute = 60_000;

function tournamentStarting(startsAt: number, id = "trn_sprint"): ReminderTournament {
  return {
    id,
    startsAt,
    title: "Weekly Sprint",
    format: "elimination",
    prize: "$500",
    participants: 2,
    maxParticipants: 64,
  };
}

async function turnOn(db: Kysely<Database>, guildId: string, leadMinutes: number[]): Promise<void> {
  await saveReminderSettings(db, {
    guildId,
    channelId: channelOf(guildId),
    leadMinutes,
    roleId: null,
    configuredBy: "200000000000000009",
    now: testNow,
  });
}

async function sync(
  db: Kysely<Database>,
  input: {
    guildId?: string;
    tournaments: ReminderTournament[];
    leads: number[];
    complete?: boolean;
    now?: number;
  },
) {
  return syncTournamentReminders(db, {
    guildId: input.guildId ?? guildA,
    wanted: input.tournaments.flatMap((tournament) =>
      input.leads.map((leadMinutes) => ({ tournament, leadMinutes })),
    ),
    openTournaments: input.tournaments,
    complete: input.complete ?? true,
    now: input.now ?? testNow,
  });
}

const sendAll = (db: Kysely<Database>, now: number) =>
  sendDueReminders(db, { now, limit: 100, decide: () => ({ send: true }) });

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

  it("skips the reminders of a tournament that left the open list, but only after a complete read", async () => {
    await turnOn(store.db, guildA, [10]);
    const sprint = tournamentStarting(testNow + 30 * minute);
    const open = tournamentStarting(testNow + 40 * minute, "trn_open");
    await sync(store.db, { tournaments: [sprint, open], leads: [10] });
    expect(await sync(store.db, { tournaments: [open], leads: [10], complete: false })).toMatchObject({
      gone: 0,
    });
    expect(await sync(store.db, { tournaments: [open], leads: [10] })).toMatchObject({ gone: 1 });
    expect((await statuses(store.db)).map((row) => [row.starts_at, row.status, row.status_reason])).toEqual([
      [sprint.startsAt, "skipped", "gone"],
      [open.startsAt, "scheduled", null],
    ]);
    expect(await sync(store.db, { tournaments: [], leads: [10] })).toMatchObject({ gone: 1 });
  });

  it("sends a due reminder once, its post queued in the server's channel under the reminder's id", async () => {
    await turnOn(store.db, guildA, [10, 1]);
    const start = testNow + 11 * minute;
    await sync(store.db, { tournaments: [tournamentStarting(start)], leads: [10, 1] });

    expect(await sendAll(store.db, start - 10 * minute - 1)).toEqual([]);
    const sent = await sendAll(store.db, start - 10 * minute);
    expect(sent.map((outcome) => outcome.reminder.leadMinutes)).toEqual([10]);
    expect(await sendAll(store.db, start - 5 * minute)).toEqual([]);

    const [outcome] = sent;
    const entry = await findOutboxEntry(store.db, outcome?.outboxId ?? "");
    expect(entry).toMatchObject({
      source: reminderSource,
      eventId: outcome?.reminder.id,
      guildId: guildA,
      channelId: channelOf(guildA),
      action: "post",
      status: "pending",
    });
    expect(
      await findInboxEvent(store.db, { source: reminderSource, eventId: outcome?.reminder.id ?? "" }),
    ).toMatchObject({ kind: "tournament.reminder", status: "accepted" });
    expect(await findTournamentReminder(store.db, outcome?.reminder.id ?? "")).toMatchObject({
      status: "sent",
      sentAt: start - 10 * minute,
    });
  });

  it("skips a due reminder as the decision says, and queues nothing for it", async () => {
    await turnOn(store.db, guildA, [10]);
    const start = testNow + 11 * minute;
    await sync(store.db, { tournaments: [tournamentStarting(start)], leads: [10] });
    const [outcome] = await sendDueReminders(store.db, {
      now: start,
      limit: 10,
      decide: () => ({ send: false, reason: "late" }),
    });
    expect(outcome?.outboxId).toBeUndefined();
    expect(await findTournamentReminder(store.db, outcome?.reminder.id ?? "")).toMatchObject({
      status: "skipped",
      statusReason: "late",
    });
    const outbox = await store.db.selectFrom("outbox").select("id").execute();
    expect(outbox).toEqual([]);
  });

  it("never sends a reminder twice when instances look at the same moment", async () => {
    const guilds = Array.from(
      { length: 15 },
      (_, index) => `1000000000000002${String(index).padStart(2, "0")}`,
    );
    for (const guildId of guilds) {
      await turnOn(store.db, guildId, [10, 5, 1]);
      await sync(store.db, {
        guildId,
        tournaments: [tournamentStarting(testNow + 11 * minute)],
        leads: [10, 5, 1],
      });
    }
    // Separate connections on PostgreSQL, where instances share a database. One process holds one SQLite
    // connection: a second one in the same process would wait for the first's lock while blocking it.
    const extra =
      database.dialect === "postgres" ? await Promise.all([createDb(store.url), createDb(store.url)]) : [];
    try {
      const handles = [store.db, store.db, ...extra.map((other) => other.db)];
      const sentBy = await Promise.all(
        handles.map(async (db) => {
          const mine: string[] = [];
          for (;;) {
            const batch = await sendDueReminders(db, {
              now: testNow + 11 * minute - 1,
              limit: 4,
              decide: () => ({ send: true }),
            });
            if (batch.length === 0) return mine;
            mine.push(...batch.map((outcome) => outcome.reminder.id));
          }
        }),
      );
      const all = sentBy.flat();
      expect(all).toHaveLength(45);
      expect(new Set(all).size).toBe(45);
      const outbox = await store.db.selectFrom("outbox").select("event_id").execute();
      expect(outbox).toHaveLength(45);
    } finally {
      await Promise.all(extra.map((other) => other.close()));
    }
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

  it("skips the due reminders of a server that removed the bot, and queues nothing for them", async () => {
    await turnOn(store.db, guildA, [10]);
    await sync(store.db, { tournaments: [tournamentStarting(testNow + 11 * minute)], leads: [10] });
    await recordGuildRemoval(store.db, { guildId: guildA, now: testNow });
    const [outcome] = await sendAll(store.db, testNow + minute);
    expect(outcome?.decision).toEqual({ send: false, reason: "removed" });
    expect(await store.db.selectFrom("outbox").select("id").execute()).toEqual([]);
  });

  it("prunes the reminders of starts long past", async () => {
    await turnOn(store.db, guildA, [10]);
    await sync(store.db, { tournaments: [tournamentStarting(testNow + 11 * minute)], leads: [10] });
    expect(await pruneTournamentReminders(store.db, testNow + 11 * minute)).toBe(0);
    expect(await pruneTournamentReminders(store.db, testNow + 11 * minute + 1)).toBe(1);
  });

  it("queues a reminder in its tournament's thread once the tournament's first post started one there", async () => {
    const startsAt = testNow + 60 * minute;
    await turnOn(store.db, guildA, [30, 10]);
    await sync(store.db, { tournaments: [tournamentStarting(startsAt)], leads: [30, 10] });
    const [first] = await sendAll(store.db, startsAt - 30 * minute);
    expect((await findOutboxEntry(store.db, first?.outboxId ?? ""))?.action).toBe("post");
    // The first reminder's post went out as message 5…1 and started the tournament's thread.
    const place = { guildId: guildA, channelId: channelOf(guildA), messageId: "500000000000000001" };
    await startTournamentThread(store.db, {
      ...place,
      tournamentId: "trn_sprint",
      title: "Weekly Sprint",
      now: 1,
    });
    await recordThreadStarted(store.db, place);
    const [second] = await sendAll(store.db, startsAt - 10 * minute);
    expect(await findOutboxEntry(store.db, second?.outboxId ?? "")).toMatchObject({
      source: reminderSource,
      channelId: channelOf(guildA),
      action: "thread-post",
      targetMessageId: place.messageId,
    });
  });
});
