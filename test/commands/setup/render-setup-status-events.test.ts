// The /setup status embed's tournament events: how many are shown and waiting, whose account reads, and what
// holds them.
import { describe, expect, it } from "vitest";
import { empty, fields, now, reminderSettings } from "./support/setup-status-fixtures.js";

describe("renderSetupStatus", () => {
  it("shows tournament events: how many are shown and waiting, who reads, or the permission to grant", () => {
    const settings = {
      guildId: "100000000000000001",
      enabledBy: "200000000000000008",
      nextPollAt: now,
      lastPolledAt: now - 60_000,
      linkProblem: null,
      readClaims: 1,
      createdAt: now - 60_000,
      updatedAt: now,
    };
    const event = {
      guildId: settings.guildId,
      tournamentId: "trn_1",
      discordEventId: "900000000000000001",
      createAttempted: true,
      wantedStatus: "scheduled" as const,
      name: "Weekly Sprint",
      description: "",
      location: "",
      startsAt: now + 3_600_000,
      endsAt: now + 10_800_000,
      syncedStatus: "scheduled",
      syncedFields: null,
      dueAt: null,
      attempts: 0,
      missedAt: null,
      updatedAt: now,
    };
    const on = fields({
      ...empty,
      events: {
        settings: { ...settings, permissionProblem: null },
        events: [
          event,
          { ...event, tournamentId: "trn_2", discordEventId: null, dueAt: now },
          // A running tournament's event, in line with it, due again only at its end to be completed.
          {
            ...event,
            tournamentId: "trn_3",
            discordEventId: "900000000000000003",
            wantedStatus: "active" as const,
            syncedStatus: "active",
            startsAt: now - 3_600_000,
            dueAt: event.endsAt,
          },
          // A running tournament's end Discord refused for now, tried again after its backoff (past the end).
          {
            ...event,
            tournamentId: "trn_4",
            discordEventId: "900000000000000004",
            wantedStatus: "active" as const,
            syncedStatus: "active",
            startsAt: now - 3_600_000,
            dueAt: event.endsAt + 60_000,
            attempts: 1,
          },
        ],
      },
    })["Tournament events"];
    expect(on).toBe(
      [
        "🟢 On: 3 open tournaments shown in the Events tab",
        "Read with <@200000000000000008>'s account · last read: <t:1735732740:R>",
        "2 waiting to be synced",
      ].join("\n"),
    );
    const paused = fields({
      ...empty,
      events: { settings: { ...settings, permissionProblem: "Create Events" }, events: [] },
    })["Tournament events"];
    expect(paused).toBe(
      [
        "⏸️ Paused: I lack the **Create Events** permission. Grant it to my role, then run `/setup events on`.",
        "Read with <@200000000000000008>'s account · last read: <t:1735732740:R>",
      ].join("\n"),
    );
  });

  it("shows whose account reads for the events: the reminders' reader when set, else the events' own, on hold or not", () => {
    const settings = {
      guildId: "100000000000000001",
      enabledBy: "200000000000000008",
      permissionProblem: null,
      nextPollAt: now,
      lastPolledAt: null,
      linkProblem: "admin_lacks_manage_server",
      readClaims: 1,
      createdAt: now,
      updatedAt: now,
    };
    const alone = fields({ ...empty, events: { settings, events: [] } })["Tournament events"];
    expect(alone).toBe(
      [
        "🟢 On: 0 open tournaments shown in the Events tab",
        "Read with <@200000000000000008>'s account · last read: not yet",
        "⏸️ Reads on hold: <@200000000000000008> is no longer an admin here (admin\\_lacks\\_manage\\_server), so their account reads nothing. An admin runs `/setup events on`.",
      ].join("\n"),
    );
    const unlinked = fields({
      ...empty,
      events: { settings: { ...settings, linkProblem: "not_linked" }, events: [] },
    })["Tournament events"];
    expect(unlinked).toContain(
      "⏸️ Reads on hold: <@200000000000000008>'s link no longer reads tournaments (not\\_linked). They can `/link` again, or another admin runs `/setup events on`.",
    );
    // With reminders, their read brings the events: the events' own reader and its old problem do not show.
    const withReminders = fields({
      ...empty,
      reminders: { settings: reminderSettings, scheduled: [] },
      events: { settings, events: [] },
    })["Tournament events"];
    expect(withReminders).toBe(
      [
        "🟢 On: 0 open tournaments shown in the Events tab",
        "Read by reminders with <@200000000000000009>'s account · last read: <t:1735732740:R>",
      ].join("\n"),
    );
    // Their read on hold: the events are read with the account of the admin who turned them on.
    const remindersOnHold = fields({
      ...empty,
      reminders: { settings: { ...reminderSettings, linkProblem: "not_linked" }, scheduled: [] },
      events: { settings: { ...settings, linkProblem: null, lastPolledAt: now - 60_000 }, events: [] },
    })["Tournament events"];
    expect(remindersOnHold).toBe(
      [
        "🟢 On: 0 open tournaments shown in the Events tab",
        "Reminders' read on hold, so read with <@200000000000000008>'s account · last read: <t:1735732740:R>",
      ].join("\n"),
    );
  });
});
