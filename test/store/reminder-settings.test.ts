// A server's reminder settings (docs/architecture.md, "Tournament reminders"): saved and changed, turned off,
// read by one instance per interval, and a broken link told once.
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/store/create-db.js";
import { clearGuildRemoval, recordGuildRemoval } from "../../src/store/guild-removals.js";
import {
  claimDuePolls,
  clearRoleProblem,
  recordChannelProblem,
  recordReminderRoleDeleted,
  recordRoleProblem,
  deleteReminderSettings,
  findReminderSettings,
  saveReminderSettings,
} from "../../src/store/reminder-settings.js";
import { sendDueReminders } from "../../src/store/due-reminders.js";
import { syncTournamentReminders } from "../../src/store/tournament-reminder-sync.js";
import { findTournamentReminder } from "../../src/store/tournament-reminders.js";
import { recordLinkProblemOnce, recordReadSucceeded } from "../../src/store/tournament-read-state.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { testNow } from "./secret-box-fixture.js";

const guildId = "100000000000000001";
const channelId = "300000000000000001";
const adminId = "200000000000000009";
const minute = 60_000;

const tournament = {
  id: "trn_sprint",
  startsAt: testNow + 60 * minute,
  title: "Weekly Sprint",
  format: "elimination",
  prize: "$500",
  participants: 2,
  maxParticipants: 64,
};

describe.each(testDatabases())("reminder settings on $name", (database) => {
  const store = useMigratedStore(database);
  const save = (leadMinutes: number[], now = testNow) =>
    saveReminderSettings(store.db, {
      guildId,
      channelId,
      leadMinutes,
      roleId: "400000000000000001",
      configuredBy: adminId,
      now,
    });

  it("saves the settings, due for a read at once, and changes them", async () => {
    expect(await findReminderSettings(store.db, guildId)).toBeUndefined();
    await save([60, 10]);
    const changed = await saveReminderSettings(store.db, {
      guildId,
      channelId: "300000000000000002",
      leadMinutes: [5],
      roleId: null,
      configuredBy: "200000000000000008",
      now: testNow + 1,
    });
    expect(changed).toEqual({
      guildId,
      channelId: "300000000000000002",
      leadMinutes: [5],
      roleId: null,
      configuredBy: "200000000000000008",
      nextPollAt: testNow + 1,
      readClaims: 0,
      lastPolledAt: null,
      linkProblem: null,
      roleProblem: null,
      channelProblem: null,
      createdAt: testNow,
      updatedAt: testNow + 1,
    });
    expect(await findReminderSettings(store.db, guildId)).toEqual(changed);
  });

  it("cancels the scheduled reminders of a lead time no longer asked for, and keeps the others", async () => {
    await save([60, 10]);
    await syncTournamentReminders(store.db, {
      guildId,
      wanted: [
        { tournament, leadMinutes: 60 },
        { tournament, leadMinutes: 10 },
      ],
      openTournaments: [tournament],
      complete: true,
      now: testNow,
    });
    await save([10], testNow + 1);
    const rows = await store.db
      .selectFrom("tournament_reminders")
      .select(["lead_minutes", "status"])
      .execute();
    expect(rows.sort((a, b) => a.lead_minutes - b.lead_minutes)).toEqual([
      { lead_minutes: 10, status: "scheduled" },
      { lead_minutes: 60, status: "cancelled" },
    ]);
  });

  it("turns reminders off: the settings and the unsent reminders go, the sent ones stay", async () => {
    await save([60, 10]);
    await syncTournamentReminders(store.db, {
      guildId,
      wanted: [
        { tournament, leadMinutes: 60 },
        { tournament, leadMinutes: 10 },
      ],
      openTournaments: [tournament],
      complete: true,
      now: testNow,
    });
    const [sent] = await sendDueReminders(store.db, {
      now: testNow,
      limit: 10,
      decide: () => ({ send: true }),
    });

    expect(await deleteReminderSettings(store.db, guildId)).toBe(true);
    expect(await deleteReminderSettings(store.db, guildId)).toBe(false);
    expect(await findReminderSettings(store.db, guildId)).toBeUndefined();
    const left = await store.db.selectFrom("tournament_reminders").select(["id", "status"]).execute();
    expect(left).toEqual([{ id: sent?.reminder.id, status: "sent" }]);
  });

  it("gives a due read to one claim only, and the next one after the interval", async () => {
    await save([10]);
    const first = await claimDuePolls(store.db, { now: testNow, pollMs: 300_000, limit: 10 });
    expect(first.map((settings) => settings.guildId)).toEqual([guildId]);
    expect(await claimDuePolls(store.db, { now: testNow + 299_999, pollMs: 300_000, limit: 10 })).toEqual([]);
    const next = await claimDuePolls(store.db, { now: testNow + 300_000, pollMs: 300_000, limit: 10 });
    expect(next).toHaveLength(1);
  });

  it("gives no read of a server that removed the bot, and one at once when it adds the bot back", async () => {
    await save([10]);
    await recordGuildRemoval(store.db, { guildId, now: testNow });
    expect(await claimDuePolls(store.db, { now: testNow, pollMs: 300_000, limit: 10 })).toEqual([]);
    await clearGuildRemoval(store.db, guildId);
    const back = await claimDuePolls(store.db, { now: testNow + 1, pollMs: 300_000, limit: 10 });
    expect(back.map((settings) => settings.guildId)).toEqual([guildId]);
  });

  it("never gives one read to two instances claiming at the same moment", async () => {
    for (let index = 0; index < 20; index += 1) {
      await saveReminderSettings(store.db, {
        guildId: `1000000000000001${String(index).padStart(2, "0")}`,
        channelId,
        leadMinutes: [10],
        roleId: null,
        configuredBy: adminId,
        now: testNow,
      });
    }
    const extra = database.shared ? await Promise.all([createDb(store.url), createDb(store.url)]) : [];
    try {
      const handles = [store.db, store.db, ...extra.map((other) => other.db)];
      const claimed = await Promise.all(
        handles.map((db) => claimDuePolls(db, { now: testNow, pollMs: 300_000, limit: 50 })),
      );
      const guilds = claimed.flat().map((settings) => settings.guildId);
      expect(guilds).toHaveLength(20);
      expect(new Set(guilds).size).toBe(20);
    } finally {
      await Promise.all(extra.map((other) => other.close()));
    }
  });

  it("records a link problem once, and a good read clears it", async () => {
    await save([10]);
    const problem = { guildId, problem: "reauth_needed", now: testNow };
    expect(await recordLinkProblemOnce(store.db, "reminder_settings", problem)).toBe(true);
    expect(
      await recordLinkProblemOnce(store.db, "reminder_settings", { ...problem, problem: "not_linked" }),
    ).toBe(false);
    expect((await findReminderSettings(store.db, guildId))?.linkProblem).toBe("reauth_needed");

    expect(await recordReadSucceeded(store.db, "reminder_settings", { guildId, now: testNow + 5 })).toBe(
      true,
    );
    expect(await recordReadSucceeded(store.db, "reminder_settings", { guildId, now: testNow + 6 })).toBe(
      false,
    );
    const settings = await findReminderSettings(store.db, guildId);
    expect(settings?.linkProblem).toBeNull();
    expect(settings?.lastPolledAt).toBe(testNow + 6);
  });

  it("saving again clears a link problem, so a new admin's link is told about afresh", async () => {
    await save([10]);
    await recordLinkProblemOnce(store.db, "reminder_settings", {
      guildId,
      problem: "reauth_needed",
      now: testNow,
    });
    await save([10], testNow + 1);
    expect((await findReminderSettings(store.db, guildId))?.linkProblem).toBeNull();
    expect(await findTournamentReminder(store.db, "missing")).toBeUndefined();
  });

  it("records a role problem once until the role works again or the settings are saved", async () => {
    await save([10]);
    const problem = { guildId, problem: "missing-manage-roles", now: testNow };
    expect(await recordRoleProblem(store.db, problem)).toBe(true);
    expect(await recordRoleProblem(store.db, problem)).toBe(false);
    await clearRoleProblem(store.db, guildId);
    expect(await recordRoleProblem(store.db, problem)).toBe(true);
    await save([10], testNow + 1);
    expect((await findReminderSettings(store.db, guildId))?.roleProblem).toBeNull();
  });

  it("records a deleted reminder role once, over another role problem, only while the settings name it", async () => {
    await save([10]);
    const deleted = { guildId, roleId: "400000000000000001", now: testNow };
    expect(await recordReminderRoleDeleted(store.db, { ...deleted, roleId: "400000000000000777" })).toBe(
      false,
    );
    expect(
      await recordRoleProblem(store.db, { guildId, problem: "missing-manage-roles", now: testNow }),
    ).toBe(true);
    expect(await recordReminderRoleDeleted(store.db, deleted)).toBe(true);
    expect(await recordReminderRoleDeleted(store.db, deleted)).toBe(false);
    expect((await findReminderSettings(store.db, guildId))?.roleProblem).toBe("role-deleted");
    await save([10], testNow + 1);
    expect((await findReminderSettings(store.db, guildId))?.roleProblem).toBeNull();
  });

  it("records a channel problem only for the reminders' own channel, once until the settings are saved", async () => {
    const settings = await save([10]);
    const problem = { guildId, problem: "403 Missing Access (50001)", now: testNow };
    expect(await recordChannelProblem(store.db, { ...problem, channelId: "300000000000000777" })).toBe(false);
    expect(await recordChannelProblem(store.db, { ...problem, channelId: settings.channelId })).toBe(true);
    expect(await recordChannelProblem(store.db, { ...problem, channelId: settings.channelId })).toBe(false);
    expect((await findReminderSettings(store.db, guildId))?.channelProblem).toBe(
      "403 Missing Access (50001)",
    );
    await save([10], testNow + 1);
    expect((await findReminderSettings(store.db, guildId))?.channelProblem).toBeNull();
  });
});
