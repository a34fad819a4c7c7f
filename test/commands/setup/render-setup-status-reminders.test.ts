// The /setup status embed's tournament reminders: where, when, whose account reads and what is on hold, with
// the platform's text in them shown as text.
import { describe, expect, it } from "vitest";
import { expectInert, hostileTexts } from "../../support/hostile-text.js";
import { empty, fields, nextReminder, reminderSettings } from "./support/setup-status-fixtures.js";

describe("renderSetupStatus", () => {
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

  it("asks for another channel, not permissions, when the reminders' channel was deleted", () => {
    const deleted = fields({
      ...empty,
      reminders: {
        settings: { ...reminderSettings, channelProblem: "channel deleted: 404 Unknown Channel (10003)" },
        scheduled: [],
      },
    })["Tournament reminders"];
    expect(deleted).toContain(
      "⚠️ I couldn't post reminders in <#300000000000000002> (channel deleted: 404 Unknown Channel (10003)). Run `/setup reminders set` with another channel.",
    );
    expect(deleted).not.toContain("View Channel");
  });

  it("says a deleted reminder role pings nobody, without mentioning it, and asks for another role", () => {
    const shown = fields({
      ...empty,
      reminders: { settings: { ...reminderSettings, roleProblem: "role-deleted" }, scheduled: [] },
    })["Tournament reminders"];
    expect(shown).toContain("🟢 In <#300000000000000002>, 1h and 10m before each start, no ping");
    expect(shown).toContain(
      "⚠️ The reminder role was deleted, so reminders ping nobody and `/remind` gives no role; admins were told. Run `/setup reminders set` with another role (or without `role:`).",
    );
    expect(shown).not.toContain("<@&");
  });

  it("asks for /setup reminders set, not /subscribe, to resume the reminder channel's threads", () => {
    const pause = { permission: "Create Public Threads", reason: "403 (50013)", pausedAt: 0 };
    const shown = fields({
      ...empty,
      reminders: { settings: reminderSettings, scheduled: [] },
      threadPauses: [
        { ...pause, channelId: reminderSettings.channelId },
        { ...pause, channelId: "300000000000000099" },
      ],
    });
    expect(shown.Threads?.split("\n")).toEqual([
      `⏸️ <#${reminderSettings.channelId}>: give me **Create Public Threads** there, then run \`/setup reminders set\` again (403 (50013), <t:0:R>)`,
      "⏸️ <#300000000000000099>: give me **Create Public Threads** there, then `/subscribe` it (403 (50013), <t:0:R>)",
    ]);
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
});
