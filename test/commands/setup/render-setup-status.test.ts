import { describe, expect, it } from "vitest";
import { expectInert, hostileTexts } from "../../support/hostile-text.js";
import type { SetupStatus } from "../../../src/commands/setup/sub/status.js";
import { renderSetupStatus } from "../../../src/commands/setup/render-setup-status.js";
import type { LinkedMember } from "../../../src/store/member-links.js";

const now = Date.UTC(2025, 0, 1, 12);
const link = (userId: string, status: LinkedMember["status"]): LinkedMember => ({
  id: `link_${userId}`,
  guildId: "100000000000000001",
  userId,
  platformUserId: `usr_${userId}`,
  platformUsername: `user${userId}`,
  credentialKind: "api_key",
  scopes: [],
  expiresAt: null,
  status,
  createdAt: 0,
  updatedAt: 0,
});

const empty: SetupStatus = {
  links: [],
  endpoints: [],
  operatorWebhook: false,
  recentEvents: [],
  subscriptions: [],
  pendingAnnouncements: 0,
  adminChannelId: null,
  tierRoles: { settings: undefined, mappings: [], pendingMembers: 0 },
  reminders: { settings: undefined, scheduled: [] },
  threadPauses: [],
  events: { settings: undefined, events: [] },
};

const reminderSettings = {
  guildId: "100000000000000001",
  channelId: "300000000000000002",
  leadMinutes: [60, 10],
  roleId: "500000000000000001",
  configuredBy: "200000000000000009",
  nextPollAt: now,
  lastPolledAt: now - 60_000,
  linkProblem: null,
  roleProblem: null,
  channelProblem: null,
  createdAt: 0,
  updatedAt: 0,
};

const nextReminder = {
  id: "rem_1",
  guildId: "100000000000000001",
  tournament: {
    id: "trn_1",
    startsAt: now + 3_600_000,
    title: "# Sprint",
    format: null,
    prize: null,
    participants: null,
    maxParticipants: null,
  },
  leadMinutes: 10,
  dueAt: now + 3_000_000,
  status: "scheduled" as const,
  statusReason: null,
  tournamentStarted: false,
  sentAt: null,
};

function fields(status: SetupStatus): Record<string, string> {
  const embed = renderSetupStatus(status, now).embeds?.[0];
  return Object.fromEntries((embed?.fields ?? []).map((field) => [field.name, field.value]));
}

describe("renderSetupStatus", () => {
  it("says what to do first on a fresh server", () => {
    expect(fields(empty)).toEqual({
      "Linked members": "Nobody has linked an account yet (`/link`).",
      "Platform webhook": "None: run `/setup webhook register` so events reach this server.",
      "Last events received": "None yet.",
      Subscriptions: "None: route events with `/subscribe`.",
      Threads: "🟢 Each battle card and tournament post starts a thread for its updates.",
      "Tier roles": "Off: `/setup roles create` gives members a role for their platform tier.",
      "Tournament reminders": "Off: `/setup reminders set` posts reminders before tournaments start.",
      "Tournament events": "Off: `/setup events on` shows open tournaments in the Events tab.",
      "Announcement queue": "0 waiting to be posted",
      "Admin channel": "Not set (`/setup admin-channel`): pause notices go to the bot's log only.",
    });
  });

  it("shows link health, the webhook, last events, troubled routes, the queue and the admin channel", () => {
    const shown = fields({
      links: [link("1", "active"), link("2", "reauth_needed"), link("3", "active")],
      endpoints: [
        {
          id: "ep_1",
          platformWebhookId: "wh_1",
          eventKinds: ["battle.completed"],
          createdAt: now - 3_600_000,
          previousSecretExpiresAt: now + 3_600_000,
        },
        {
          id: "ep_2",
          platformWebhookId: null,
          eventKinds: [],
          createdAt: now,
          previousSecretExpiresAt: null,
        },
      ],
      operatorWebhook: true,
      recentEvents: [
        {
          eventId: "evt_1",
          kind: "battle.completed",
          source: "ep_1",
          status: "accepted",
          payload: {},
          error: null,
          receivedAt: now - 60_000,
        },
        {
          eventId: "evt_test",
          kind: "battle.completed",
          source: "operator",
          status: "accepted",
          payload: { id: "evt_test", test: true },
          error: null,
          receivedAt: now - 120_000,
        },
      ],
      subscriptions: [
        {
          id: "sub_1",
          guildId: "100000000000000001",
          channelId: "300000000000000001",
          eventKinds: ["battle.completed"],
          filters: {},
          status: "paused",
          statusReason: "403 Missing Access (50001)",
          createdBy: "1",
          createdAt: 0,
          updatedAt: 0,
        },
      ],
      pendingAnnouncements: 4,
      adminChannelId: "300000000000000009",
      tierRoles: {
        settings: {
          guildId: "100000000000000001",
          mode: "create",
          pausedReason: "403 Missing Permissions (50013)",
          lastSyncAt: now - 60_000,
          lastProblem: "the role for tier gold was deleted; unmapped",
          lastProblemAt: now - 120_000,
          tiersPending: false,
        },
        mappings: [
          {
            guildId: "100000000000000001",
            tier: "master",
            roleId: "400000000000000001",
            createdByBot: true,
            createdAt: 0,
          },
        ],
        pendingMembers: 3,
      },
      reminders: { settings: undefined, scheduled: [] },
      threadPauses: [
        {
          channelId: "300000000000000003",
          permission: "Create Public Threads",
          reason: "403 Missing Permissions (50013)",
          pausedAt: now - 60_000,
        },
      ],
      events: { settings: undefined, events: [] },
    });
    expect(shown.Threads).toBe(
      "⏸️ <#300000000000000003>: give me **Create Public Threads** there, then `/subscribe` it " +
        "(403 Missing Permissions (50013), <t:1735732740:R>)",
    );
    expect(shown["Linked members"]).toBe("2 active · 1 need re-linking\nNeed `/link` again: <@2>");
    expect(shown["Platform webhook"]).toContain(
      "🟢 `wh_1` · registered <t:1735729200:R> · secret rotated, the old one accepted until <t:1735736400:R>",
    );
    expect(shown["Platform webhook"]).toContain("`ep_2`: the platform never confirmed its registration");
    expect(shown["Platform webhook"]).toContain("The operator's webhook feeds every server");
    expect(shown["Last events received"]).toBe(
      "`battle.completed` · accepted · <t:1735732740:R> · this server's webhook\n" +
        "`battle.completed` · 🧪 test · accepted · <t:1735732680:R> · operator",
    );
    expect(shown.Subscriptions).toBe(
      "1 paused\n<#300000000000000001> · ⏸️ paused (403 Missing Access (50001))\n  Battle results",
    );
    expect(shown["Announcement queue"]).toBe("4 waiting to be posted");
    expect(shown["Admin channel"]).toBe("<#300000000000000009>");
    expect(shown["Tier roles"]).toBe(
      [
        "⏸️ Paused: 403 Missing Permissions (50013). Fix it, then run `/setup roles sync`.",
        "Last sync: <t:1735732740:R> · 3 members waiting",
        "Last problem <t:1735732680:R>: the role for tier gold was deleted; unmapped",
        "Master → <@&400000000000000001>",
      ].join("\n"),
    );
  });

  it("shows the reminders: where, when, the role, whose account reads, the next one and what is wrong", () => {
    const shown = fields({
      ...empty,
      reminders: { settings: reminderSettings, scheduled: [nextReminder, nextReminder] },
    });
    expect(shown["Tournament reminders"]).toBe(
      [
        "🟢 In <#300000000000000002>, 1h and 10m before each start, pinging <@&500000000000000001>",
        "Read with <@200000000000000009>'s account · last read: <t:1735732740:R>",
        "Next: **\\# Sprint** <t:1735735800:R> · 2 scheduled",
      ].join("\n"),
    );
    const onHold = fields({
      ...empty,
      reminders: {
        settings: {
          ...reminderSettings,
          linkProblem: "reauth_needed",
          roleProblem: "missing-manage-roles",
          channelProblem: "403 Missing Access (50001)",
        },
        scheduled: [],
      },
    })["Tournament reminders"];
    expect(onHold).toContain(
      "⏸️ On hold: <@200000000000000009>'s link no longer reads tournaments (reauth\\_needed).",
    );
    expect(onHold).toContain("⚠️ Members can't take the role (missing-manage-roles)");
    const adminGone = fields({
      ...empty,
      reminders: {
        settings: { ...reminderSettings, linkProblem: "admin_lacks_manage_server" },
        scheduled: [],
      },
    })["Tournament reminders"];
    expect(adminGone).toContain(
      "⏸️ On hold: <@200000000000000009> is no longer an admin here (admin\\_lacks\\_manage\\_server), so their account reads nothing. An admin runs `/setup reminders set`.",
    );
    expect(adminGone).not.toContain("`/link`");
    expect(onHold).toContain(
      "⚠️ I couldn't post reminders in <#300000000000000002> (403 Missing Access (50001)). Give me View Channel, Send Messages and Embed Links there, then run `/setup reminders set` again.",
    );
  });

  it("shows a tournament's title and the platform's error codes in reminders as inert text", () => {
    for (const text of hostileTexts) {
      const shown = fields({
        ...empty,
        reminders: {
          settings: { ...reminderSettings, linkProblem: text, roleProblem: text, channelProblem: text },
          scheduled: [{ ...nextReminder, tournament: { ...nextReminder.tournament, title: text } }],
        },
      })["Tournament reminders"];
      // The admin, the channel and the times are the bot's own mentions.
      expectInert(shown?.replace(/<@200000000000000009>|<#300000000000000002>|<t:\d+:R>/g, "(named)"));
    }
  });

  it("shows tournament events: how many are shown and waiting, who reads, or the permission to grant", () => {
    const settings = {
      guildId: "100000000000000001",
      enabledBy: "200000000000000008",
      nextPollAt: now,
      lastPolledAt: now - 60_000,
      linkProblem: null,
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
      updatedAt: now,
    };
    const on = fields({
      ...empty,
      events: {
        settings: { ...settings, permissionProblem: null },
        events: [event, { ...event, tournamentId: "trn_2", discordEventId: null, dueAt: now }],
      },
    })["Tournament events"];
    expect(on).toBe(
      [
        "🟢 On: 1 open tournaments shown in the Events tab",
        "Read with <@200000000000000008>'s account · last read: <t:1735732740:R>",
        "1 waiting to be synced",
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
  });
});
