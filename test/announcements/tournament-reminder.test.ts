// A tournament reminder's post (docs/architecture.md, "Tournament reminders"): what it shows, that it pings
// the reminder role and nothing else once it goes through the sender's normaliser, and that the outbox's
// render step posts nothing for a tournament that started, a start that moved while the post waited, or a
// server that turned reminders off.
import { describe, expect, it } from "vitest";
import { renderTournamentReminder } from "../../src/announcements/tournament-reminder.js";
import { renderReminderPost } from "../../src/announcements/reminder-post.js";
import { ManualClock } from "../../src/clock.js";
import { normaliseMessage } from "../../src/discord/message-limits.js";
import { createLogger } from "../../src/logger.js";
import { findOutboxEntry, type OutboxEntry } from "../../src/store/outbox.js";
import { deleteReminderSettings, saveReminderSettings } from "../../src/store/reminder-settings.js";
import { sendDueReminders } from "../../src/store/due-reminders.js";
import { syncTournamentReminders } from "../../src/store/tournament-reminder-sync.js";
import {
  listScheduledReminders,
  markTournamentStarted,
  type ReminderTournament,
} from "../../src/store/tournament-reminders.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { expectInert, hostileTexts } from "../support/hostile-text.js";
import { expectWithinDiscordLimits } from "./support/message-checks.js";

const guildId = "100000000000000001";
const channelId = "300000000000000001";
const roleId = "500000000000000001";
const startsAt = Date.UTC(2026, 10, 21, 18, 0);
const minute = 60_000;

const sprint: ReminderTournament = {
  id: "trn_sprint",
  startsAt,
  title: "Weekly Sprint #42",
  format: "elimination",
  prize: "$500",
  participants: 2,
  maxParticipants: 64,
};

describe("renderTournamentReminder", () => {
  it("shows the title, the start in each reader's time zone, format, prize, seats left and a Register button", () => {
    const message = renderTournamentReminder({ tournament: sprint }, roleId);
    expectWithinDiscordLimits(message);
    const seconds = String(startsAt / 1000);
    expect(message.content).toBe(`<@&${roleId}> **Weekly Sprint #42** starts <t:${seconds}:R>.`);
    const [embed] = message.embeds ?? [];
    expect(embed?.title).toBe("⏰ Starting soon: Weekly Sprint #42");
    expect(embed?.description).toContain(`<t:${seconds}:R> (<t:${seconds}:F>)`);
    expect(embed?.fields).toEqual([
      { name: "Format", value: "Elimination", inline: true },
      { name: "Prize", value: "$500", inline: true },
      { name: "Seats left", value: "62 of 64", inline: true },
    ]);
    expect(message.components).toEqual([
      {
        type: 1,
        components: [{ type: 2, style: 1, custom_id: "tournament:register:trn_sprint", label: "Register" }],
      },
    ]);
  });

  it("names a tournament whose title shows nothing (zero-width and direction marks alone) 'A tournament'", () => {
    const message = renderTournamentReminder(
      { tournament: { ...sprint, title: "\u200b\u200e \u200f" } },
      roleId,
    );
    expect(message.content).toBe(`<@&${roleId}> **A tournament** starts <t:${String(startsAt / 1000)}:R>.`);
    expect(message.embeds?.[0]?.title).toBe("⏰ Starting soon: A tournament");
    // Marks before the words: dropped, with the space after them, so the bold holds.
    const marked = { ...sprint, title: "\u200b Weekly Sprint", format: "\u200belimination" };
    const shown = renderTournamentReminder({ tournament: marked }, roleId);
    expect(shown.content).toMatch(/^<@&\d+> \*\*Weekly Sprint\*\* starts/);
    expect(shown.embeds?.[0]?.fields?.[0]).toEqual({ name: "Format", value: "Elimination", inline: true });
  });

  it("names how many members are interested in the tournament's scheduled event, when it has one", () => {
    const fieldsWith = (interested: number | undefined) =>
      renderTournamentReminder({ tournament: sprint }, roleId, interested).embeds?.[0]?.fields;
    expect(fieldsWith(1)).toContainEqual({ name: "Interested", value: "1 member", inline: true });
    expect(fieldsWith(0)).toContainEqual({ name: "Interested", value: "0 members", inline: true });
    expect(fieldsWith(undefined)?.map((field) => field.name)).not.toContain("Interested");
  });

  it("pings the reminder role and nothing else once the sender normalises it", () => {
    const { roleToPing, ...body } = renderTournamentReminder({ tournament: sprint }, roleId);
    expect(roleToPing).toBe(roleId);
    expect(normaliseMessage(body, { roleToPing }).allowed_mentions).toEqual({ parse: [], roles: [roleId] });
  });

  it("pings nobody without a reminder role", () => {
    const message = renderTournamentReminder({ tournament: sprint }, null);
    expect(message.roleToPing).toBeUndefined();
    expect(message.content).not.toContain("<@&");
    expect(normaliseMessage(message).allowed_mentions).toEqual({ parse: [], roles: [] });
  });

  it("shows hostile titles, formats and prizes as inert text", () => {
    for (const hostile of hostileTexts) {
      const message = renderTournamentReminder(
        { tournament: { ...sprint, title: hostile, format: hostile, prize: hostile } },
        null,
      );
      expectInert({ embeds: message.embeds, components: message.components });
      // The content's only pill is the start's timestamp, which the bot wrote.
      expectInert({ content: message.content?.replace(/<t:\d+:R>/, "(when)") });
    }
  });
});

describe.each(testDatabases())("a reminder's render step on $name", (database) => {
  const store = useMigratedStore(database);

  async function queueReminder(now: number): Promise<string> {
    await saveReminderSettings(store.db, {
      guildId,
      channelId,
      leadMinutes: [10],
      roleId,
      configuredBy: "200000000000000009",
      now,
    });
    await syncTournamentReminders(store.db, {
      guildId,
      wanted: [{ tournament: sprint, leadMinutes: 10 }],
      openTournaments: [sprint],
      complete: true,
      now,
    });
    const [sent] = await sendDueReminders(store.db, {
      now: startsAt - 10 * minute,
      limit: 10,
      decide: () => ({ send: true }),
    });
    return sent?.outboxId ?? "";
  }

  function renderer(clock: ManualClock) {
    const deps = { db: store.db, clock, logger: createLogger({ level: "silent" }) };
    return (entry: OutboxEntry) => renderReminderPost(deps, entry);
  }

  it("renders the queued reminder with the server's role", async () => {
    const clock = new ManualClock(startsAt - 10 * minute);
    const entry = await findOutboxEntry(store.db, await queueReminder(clock.now()));
    const message = await renderer(clock)(entry!);
    expect(message?.roleToPing).toBe(roleId);
    expect(message?.embeds?.[0]?.title).toBe("⏰ Starting soon: Weekly Sprint #42");
  });

  it("posts nothing once the tournament started, by its event or by the clock", async () => {
    const clock = new ManualClock(startsAt - 10 * minute);
    const entry = await findOutboxEntry(store.db, await queueReminder(clock.now()));
    clock.set(startsAt);
    expect(await renderer(clock)(entry!)).toBeUndefined();
    clock.set(startsAt - 5 * minute);
    expect(await renderer(clock)(entry!)).toBeDefined();
    await markTournamentStarted(store.db, { tournamentId: sprint.id, guildId, now: clock.now() });
    expect(await renderer(clock)(entry!)).toBeUndefined();
  });

  it("posts nothing for a start that moved while its post waited, and posts again once it moves back", async () => {
    const clock = new ManualClock(startsAt - 10 * minute);
    const entry = await findOutboxEntry(store.db, await queueReminder(clock.now()));
    const read = (tournament: ReminderTournament) =>
      syncTournamentReminders(store.db, {
        guildId,
        wanted: [{ tournament, leadMinutes: 10 }],
        openTournaments: [tournament],
        complete: true,
        now: clock.now(),
      });
    // Postponed a day: "starts in 10 minutes" would be wrong, and the new start has a reminder of its own.
    const postponed = { ...sprint, startsAt: startsAt + 24 * 60 * minute };
    await read(postponed);
    expect(await renderer(clock)(entry!)).toBeUndefined();
    const [ownReminder] = await listScheduledReminders(store.db, guildId);
    expect(ownReminder?.dueAt).toBe(postponed.startsAt - 10 * minute);
    await read(sprint);
    expect(await renderer(clock)(entry!)).toBeDefined();
  });

  it("posts nothing once reminders were turned off", async () => {
    const clock = new ManualClock(startsAt - 10 * minute);
    const entry = await findOutboxEntry(store.db, await queueReminder(clock.now()));
    await deleteReminderSettings(store.db, guildId);
    expect(await renderer(clock)(entry!)).toBeUndefined();
  });

  it("posts nothing in a channel that is no longer the reminder channel", async () => {
    const clock = new ManualClock(startsAt - 10 * minute);
    const entry = await findOutboxEntry(store.db, await queueReminder(clock.now()));
    await saveReminderSettings(store.db, {
      guildId,
      channelId: "300000000000000077",
      leadMinutes: [10],
      roleId,
      configuredBy: "200000000000000009",
      now: clock.now(),
    });
    expect(await renderer(clock)(entry!)).toBeUndefined();
  });
});
