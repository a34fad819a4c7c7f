// The /setup status embed: what to do first on a fresh server, and links, the webhook, the last events, the
// routes, the tier roles, the queue and the admin channel once they are set up.
import { describe, expect, it } from "vitest";
import type { LinkedMember } from "../../../src/store/member-links.js";
import { empty, fields, now } from "./support/setup-status-fixtures.js";

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

describe("renderSetupStatus", () => {
  it("names as many members who need to link again as the field holds, and counts the rest", () => {
    const stale = Array.from({ length: 60 }, (_, index) =>
      link(`2000000000000000${10 + index}`, "reauth_needed"),
    );
    const shown = fields({ ...empty, links: [link("1", "active"), ...stale] })["Linked members"]!;
    expect(shown.length).toBeLessThanOrEqual(1024);
    const [count, names] = shown.split("\n");
    expect(count).toBe("1 active · 60 need re-linking");
    const named = [...(names ?? "").matchAll(/<@(\d+)>/g)].map((match) => match[1]);
    expect(named.length).toBeGreaterThan(40);
    expect(named).toEqual(stale.slice(0, named.length).map((member) => member.userId));
    expect(names).toMatch(new RegExp(`^Need \`/link\` again: <@.*> …and ${60 - named.length} more$`));
  });

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
          resumeMode: null,
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

  it("says how many members' roles could not be updated and the latest reason, as plain text", () => {
    const shown = fields({
      ...empty,
      tierRoles: {
        settings: {
          guildId: "100000000000000001",
          mode: "map",
          resumeMode: null,
          pausedReason: null,
          lastSyncAt: now - 60_000,
          lastProblem: null,
          lastProblemAt: null,
          tiersPending: false,
        },
        mappings: [],
        pendingMembers: 0,
        failedMembers: { count: 2, latestError: "400 **Invalid** <@&1> Form Body" },
      },
    });
    expect(shown["Tier roles"]).toContain(
      "⚠️ 2 members' roles could not be updated (the latest: 400 \\*\\*Invalid\\*\\* <\u200b@&1> Form Body); their next rating change or `/setup roles sync` tries again.",
    );
  });

  it("names the channels whose routes keep battle updates in the channel rather than say every post starts a thread", () => {
    const route = {
      id: "sub_1",
      guildId: "100000000000000001",
      channelId: "300000000000000001",
      eventKinds: ["battle.completed" as const],
      filters: { battleUpdates: "channel" as const },
      status: "active" as const,
      statusReason: null,
      createdBy: "1",
      createdAt: 0,
      updatedAt: 0,
    };
    const shown = fields({
      ...empty,
      subscriptions: [route, { ...route, id: "sub_2", eventKinds: ["user.rating_changed" as const] }],
    });
    expect(shown.Threads?.split("\n")).toEqual([
      "Elsewhere each battle card and tournament post starts a thread for its updates.",
      "💬 <#300000000000000001>: updates stay in the channel (`battle-updates:channel`)",
    ]);
  });
});
