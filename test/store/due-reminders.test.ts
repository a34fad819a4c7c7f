// Sending the tournament reminders that fell due (docs/architecture.md, "Tournament reminders"): each sent
// once with its post queued in the same commit, in the tournament's thread once there is one, and skipped as
// decided or for a server that removed the bot.
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/store/create-db.js";
import { recordGuildRemoval } from "../../src/store/guild-removals.js";
import { findInboxEvent } from "../../src/store/inbox.js";
import { findOutboxEntry } from "../../src/store/outbox.js";
import { recordThreadStarted } from "../../src/store/message-threads.js";
import { startTournamentThread } from "../../src/store/tournament-threads.js";
import { sendDueReminders } from "../../src/store/due-reminders.js";
import { findTournamentReminder, reminderSource } from "../../src/store/tournament-reminders.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import {
  channelOf,
  guildA,
  minute,
  sendAll,
  sync,
  tournamentStarting,
  turnOn,
} from "./support/tournament-reminder-fixtures.js";
import { testNow } from "./secret-box-fixture.js";

describe.each(testDatabases())("sending due tournament reminders on $name", (database) => {
  const store = useMigratedStore(database);

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

  it("skips the due reminders of a server that removed the bot, and queues nothing for them", async () => {
    await turnOn(store.db, guildA, [10]);
    await sync(store.db, { tournaments: [tournamentStarting(testNow + 11 * minute)], leads: [10] });
    await recordGuildRemoval(store.db, { guildId: guildA, now: testNow });
    const [outcome] = await sendAll(store.db, testNow + minute);
    expect(outcome?.decision).toEqual({ send: false, reason: "removed" });
    expect(await store.db.selectFrom("outbox").select("id").execute()).toEqual([]);
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
