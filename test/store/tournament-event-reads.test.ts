// The reads a server with tournament events and no reminders makes of the open tournaments for its events
// alone (docs/architecture.md, "Tournament events"): due at once when turned on, one instance per interval,
// never while the server has reminders (whose read feeds the events), and a broken link recorded once.
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/store/create-db.js";
import { clearGuildRemoval, recordGuildRemoval } from "../../src/store/guild-removals.js";
import { deleteReminderSettings, saveReminderSettings } from "../../src/store/reminder-settings.js";
import { claimDueEventReads } from "../../src/store/tournament-event-reads.js";
import {
  disableTournamentEvents,
  enableTournamentEvents,
  findTournamentEventSettings,
} from "../../src/store/tournament-event-settings.js";
import { recordLinkProblemOnce, recordReadSucceeded } from "../../src/store/tournament-read-state.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { testNow } from "./secret-box-fixture.js";

const guildId = "100000000000000001";
const adminId = "200000000000000009";
const pollMs = 300_000;

describe.each(testDatabases())("tournament events' own reads on $name", (database) => {
  const store = useMigratedStore(database);
  const claim = (now: number, db = store.db) => claimDueEventReads(db, { now, pollMs, limit: 50 });
  const guilds = async (now: number) => (await claim(now)).map((settings) => settings.guildId);
  const turnRemindersOn = () =>
    saveReminderSettings(store.db, {
      guildId,
      channelId: "300000000000000001",
      leadMinutes: [10],
      roleId: null,
      configuredBy: adminId,
      now: testNow,
    });

  it("is due at once when turned on, then once per interval, and no more once turned off", async () => {
    await enableTournamentEvents(store.db, { guildId, enabledBy: adminId, now: testNow });
    const [claimed] = await claim(testNow);
    expect(claimed).toMatchObject({ guildId, enabledBy: adminId, nextPollAt: testNow + pollMs });
    expect(await guilds(testNow + pollMs - 1)).toEqual([]);
    expect(await guilds(testNow + pollMs)).toEqual([guildId]);
    // Turned on again (another admin): due at once, read with their link.
    await enableTournamentEvents(store.db, {
      guildId,
      enabledBy: "200000000000000008",
      now: testNow + pollMs + 1,
    });
    expect((await claim(testNow + pollMs + 1)).map((settings) => settings.enabledBy)).toEqual([
      "200000000000000008",
    ]);
    await disableTournamentEvents(store.db, { guildId, now: testNow + pollMs + 2 });
    expect(await guilds(testNow + 10 * pollMs)).toEqual([]);
  });

  it("is never claimed while the server has reminders, whose read feeds the events, and is due once they go", async () => {
    await enableTournamentEvents(store.db, { guildId, enabledBy: adminId, now: testNow });
    await turnRemindersOn();
    expect(await guilds(testNow + 10 * pollMs)).toEqual([]);
    await deleteReminderSettings(store.db, guildId);
    expect(await guilds(testNow + 10 * pollMs)).toEqual([guildId]);
  });

  it("is claimed while the reminders' read is on hold, and no more once it works again", async () => {
    await enableTournamentEvents(store.db, { guildId, enabledBy: "200000000000000008", now: testNow });
    await turnRemindersOn();
    // The reminders' admin unlinked: their read holds, and the events would wait for it for good.
    await recordLinkProblemOnce(store.db, "reminder_settings", {
      guildId,
      problem: "not_linked",
      now: testNow,
    });
    expect(await claim(testNow + pollMs)).toMatchObject([{ guildId, enabledBy: "200000000000000008" }]);
    await recordReadSucceeded(store.db, "reminder_settings", { guildId, now: testNow + pollMs });
    expect(await guilds(testNow + 10 * pollMs)).toEqual([]);
  });

  it("is not claimed while the server has removed the bot, and is due again once it adds the bot back", async () => {
    await enableTournamentEvents(store.db, { guildId, enabledBy: adminId, now: testNow });
    await recordGuildRemoval(store.db, { guildId, now: testNow });
    expect(await guilds(testNow + 10 * pollMs)).toEqual([]);
    await clearGuildRemoval(store.db, guildId);
    expect(await guilds(testNow + 10 * pollMs)).toEqual([guildId]);
  });

  it("never gives one read to two instances claiming at the same moment", async () => {
    for (let index = 0; index < 20; index += 1) {
      const guild = `1000000000000001${String(index).padStart(2, "0")}`;
      await enableTournamentEvents(store.db, { guildId: guild, enabledBy: adminId, now: testNow });
    }
    const extra = database.shared ? await Promise.all([createDb(store.url), createDb(store.url)]) : [];
    try {
      const handles = [store.db, store.db, ...extra.map((other) => other.db)];
      const claimed = await Promise.all(handles.map((db) => claim(testNow, db)));
      const taken = claimed.flat().map((settings) => settings.guildId);
      expect(taken).toHaveLength(20);
      expect(new Set(taken).size).toBe(20);
    } finally {
      await Promise.all(extra.map((other) => other.close()));
    }
  });

  it("records a link problem once, a good read clears it, and turning events on again does too", async () => {
    await enableTournamentEvents(store.db, { guildId, enabledBy: adminId, now: testNow });
    const problem = { guildId, problem: "admin_lacks_manage_server", now: testNow };
    expect(await recordLinkProblemOnce(store.db, "tournament_event_settings", problem)).toBe(true);
    expect(
      await recordLinkProblemOnce(store.db, "tournament_event_settings", {
        ...problem,
        problem: "not_linked",
      }),
    ).toBe(false);
    expect((await findTournamentEventSettings(store.db, guildId))?.linkProblem).toBe(
      "admin_lacks_manage_server",
    );
    expect(
      await recordReadSucceeded(store.db, "tournament_event_settings", { guildId, now: testNow + 5 }),
    ).toBe(true);
    expect(
      await recordReadSucceeded(store.db, "tournament_event_settings", { guildId, now: testNow + 6 }),
    ).toBe(false);
    const settings = await findTournamentEventSettings(store.db, guildId);
    expect(settings?.linkProblem).toBeNull();
    expect(settings?.lastPolledAt).toBe(testNow + 6);

    await recordLinkProblemOnce(store.db, "tournament_event_settings", problem);
    await enableTournamentEvents(store.db, { guildId, enabledBy: adminId, now: testNow + 7 });
    expect((await findTournamentEventSettings(store.db, guildId))?.linkProblem).toBeNull();
  });
});
