// The weekly digest a leaderboard refresh becomes in each server (docs/architecture.md, "The weekly digest").
import { describe, expect, it } from "vitest";
import { renderEvent } from "../../src/announcements/render-event.js";
import type { ServerWeek } from "../../src/announcements/server-week.js";
import { quietWeekLine } from "../../src/announcements/server-week-digest.js";
import { normaliseMessage } from "../../src/discord/message-limits.js";
import type { MemberPeriodTotals } from "../../src/store/member-activity-periods.js";
import { expectInert, hostileTexts } from "../support/hostile-text.js";
import { createSandboxWorld, eventTime, linkEveryone, readEvent, userOf } from "./support/events.js";
import { expectWithinDiscordLimits, textOf } from "./support/message-checks.js";

const day = 24 * 60 * 60 * 1000;
const window = { from: eventTime - 7 * day, to: eventTime };

function totals(platformUserId: string, ratingChange: number, won = 0, played = won): MemberPeriodTotals {
  return {
    platformUserId,
    ratingChange,
    latestRating: 1500 + ratingChange,
    battlesPlayed: played,
    battlesWon: won,
  };
}

function week(overrides: Partial<ServerWeek> = {}): ServerWeek {
  return { window, totals: [], promotions: [], achievements: [], usernames: new Map(), ...overrides };
}

function field(body: ReturnType<typeof renderEvent>, name: string): string | undefined {
  return body.embeds?.[0]?.fields?.find((candidate) => candidate.name === name)?.value;
}

const refresh = readEvent(
  "system.leaderboard_updated",
  createSandboxWorld().data("system.leaderboard_updated"),
);
const members = new Map([
  ["usr_ann", "101"],
  ["usr_ben", "102"],
  ["usr_cat", "103"],
  ["usr_dan", "104"],
]);

describe("the weekly digest", () => {
  it("shows the week's gains, losses, promotions, wins and achievements, pinging nobody", () => {
    const body = renderEvent(refresh, {
      mentions: members,
      serverWeek: week({
        totals: [
          totals("usr_ann", 40, 3, 4),
          totals("usr_ben", 12, 1),
          totals("usr_dan", 0),
          totals("usr_cat", -25, 0, 2),
        ],
        promotions: [
          { platformUserId: "usr_ann", name: "silver", occurredAt: eventTime - 3 * day },
          { platformUserId: "usr_ben", name: "gold", occurredAt: eventTime - 2 * day },
          { platformUserId: "usr_ann", name: "gold", occurredAt: eventTime - day },
        ],
        achievements: [
          { platformUserId: "usr_cat", name: "First Win", occurredAt: eventTime - 2 * day },
          { platformUserId: "usr_cat", name: "Perfect Score", occurredAt: eventTime - day },
        ],
      }),
    });

    expect(body.content).toBeUndefined();
    expect(body.allowed_mentions).toEqual({ parse: [], users: [] });
    const [embed] = body.embeds ?? [];
    expect(embed?.title).toBe("📅 This server's week");
    expect(embed?.description).toBe(
      `<t:${String((eventTime - 7 * day) / 1000)}:D> – <t:${String(eventTime / 1000)}:D> · 4 linked members active\n` +
        "Full ranking: `/leaderboard server period:week`",
    );
    expect(field(body, "📈 Biggest gains")).toBe("<@101> **+40** (now 1540)\n<@102> **+12** (now 1512)");
    expect(field(body, "📉 Biggest losses")).toBe("<@103> **-25** (now 1475)");
    expect(field(body, "⬆️ Promotions")).toBe("<@102> → **Gold**\n<@101> → **Gold**");
    expect(field(body, "⚔️ Most battles won")).toBe(
      "<@101> — 3 wins in 4 battles\n<@102> — 1 win in 1 battle",
    );
    expect(field(body, "🏅 Achievements")).toBe("<@103> — First Win, Perfect Score");
    expect(field(body, "🌍 Platform top 3")).toBe("🥇 alice — 2350");
  });

  it("shows five members per ranked section, the biggest first", () => {
    const many = Array.from({ length: 8 }, (_, index) => totals(`usr_${String(index)}`, -(index + 1) * 10));
    const body = renderEvent(refresh, { mentions: new Map(), serverWeek: week({ totals: many }) });
    expect(field(body, "📉 Biggest losses")?.split("\n")).toEqual([
      "usr\\_7 **-80** (now 1420)",
      "usr\\_6 **-70** (now 1430)",
      "usr\\_5 **-60** (now 1440)",
      "usr\\_4 **-50** (now 1450)",
      "usr\\_3 **-40** (now 1460)",
    ]);
    expect(field(body, "📈 Biggest gains")).toBeUndefined();
  });

  it("posts a short line, not an empty card, when nothing happened worth reporting", () => {
    for (const serverWeek of [undefined, week(), week({ totals: [totals("usr_ann", 0, 0, 2)] })]) {
      const body = renderEvent(refresh, {
        mentions: members,
        ...(serverWeek === undefined ? {} : { serverWeek }),
      });
      expect(body).toEqual({ content: quietWeekLine, allowed_mentions: { parse: [], users: [] } });
    }
  });

  it("says the quiet week had no net change, not that no rating moved, when a member's changes cancel out", () => {
    // +30 then -30 and a loss: the line read "no rating changes" of a week in which two ratings changed.
    const body = renderEvent(refresh, {
      mentions: members,
      serverWeek: week({ totals: [totals("usr_ann", 0, 0, 2)] }),
    });
    expect(body.content).toMatch(/^📅 A quiet week: no net rating change, no win and no achievement /u);
  });

  it("lists a member's many achievements in part, so the members after them are still shown", () => {
    // Forty-five achievements, or a few near 200 characters, made one line longer than the whole field.
    const many = Array.from({ length: 45 }, (_, index) => `Achievement number ${String(index)}`);
    const long = ["a", "b", "c", "d", "e"].map((letter) => letter.repeat(195));
    const body = renderEvent(refresh, {
      mentions: members,
      serverWeek: week({
        achievements: [
          ...many.map((name) => ({ platformUserId: "usr_ann", name, occurredAt: eventTime - day })),
          ...long.map((name) => ({ platformUserId: "usr_ben", name, occurredAt: eventTime - day })),
          { platformUserId: "usr_cat", name: "First Win", occurredAt: eventTime - day },
        ],
      }),
    });

    expectWithinDiscordLimits(body);
    const lines = field(body, "🏅 Achievements")?.split("\n") ?? [];
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^<@101> — Achievement number 0, Achievement number 1, .* and \d+ more$/u);
    expect(lines[1]).toMatch(new RegExp(`^<@102> — ${"a".repeat(195)} and 4 more$`, "u"));
    expect(lines[2]).toBe("<@103> — First Win");
  });

  it("stays within Discord's limits with a thousand members and long achievement names", () => {
    const ids = Array.from({ length: 1000 }, (_, index) => `usr_${String(index).padStart(4, "0")}`);
    const body = renderEvent(refresh, {
      mentions: linkEveryone(ids),
      serverWeek: week({
        totals: ids.map((id, index) => totals(id, 500 - index, index % 7, 7)),
        promotions: ids.map((id) => ({ platformUserId: id, name: "x".repeat(200), occurredAt: eventTime })),
        achievements: ids.map((id) => ({
          platformUserId: id,
          name: "*y*".repeat(66),
          occurredAt: eventTime,
        })),
      }),
    });
    expectWithinDiscordLimits(body);
    expect(textOf(body)).toContain("…and");
  });

  it("keeps every section, the platform's podium included, when long names would fill every field", () => {
    // A test delivery names members by username: with long names of markdown each field neared its 1,024
    // characters, six of them passed the embed's 6,000, and the sender dropped the podium whole.
    const long = "_".repeat(235);
    const ids = Array.from({ length: 50 }, (_, index) => `usr_${String(index)}`);
    const top = [1, 2, 3].map((rank) => ({
      rank,
      user_id: `usr_top${String(rank)}`,
      username: long,
      rating: 2000,
    }));
    const testRefresh = readEvent("system.leaderboard_updated", { object: "leaderboard", top, test: true });
    const body = renderEvent(testRefresh, {
      mentions: new Map(),
      serverWeek: week({
        totals: ids.map((id, index) => totals(id, 25 - index, 1 + (index % 3), 3)),
        promotions: ids.map((id) => ({ platformUserId: id, name: "gold", occurredAt: eventTime })),
        achievements: ids.map((id) => ({ platformUserId: id, name: "First Win", occurredAt: eventTime })),
        usernames: new Map(ids.map((id) => [id, long])),
      }),
    });

    expectWithinDiscordLimits(body);
    const sent = normaliseMessage(body).embeds?.[0]?.fields ?? [];
    expect(sent.map((sentField) => sentField.name)).toEqual([
      "📈 Biggest gains",
      "📉 Biggest losses",
      "⬆️ Promotions",
      "⚔️ Most battles won",
      "🏅 Achievements",
      "🌍 Platform top 3",
    ]);
    expect(field(body, "🌍 Platform top 3")).toMatch(/^🥇 (\\_)+/u);
  });

  it.each(hostileTexts)("shows hostile platform text as text: %j", (hostile) => {
    const world = createSandboxWorld();
    const top = [1, 2, 3].map((rank) => ({
      rank,
      user_id: hostile,
      username: hostile,
      rating: 2000,
      tier: hostile,
    }));
    const event = readEvent("system.leaderboard_updated", { object: "leaderboard", id: hostile, top });
    const body = renderEvent(event, {
      mentions: new Map([[userOf(world, 0).id, "101"]]),
      serverWeek: week({
        totals: [totals(hostile, 10, 1)],
        promotions: [{ platformUserId: hostile, name: hostile, occurredAt: eventTime }],
        achievements: [{ platformUserId: hostile, name: hostile, occurredAt: eventTime }],
      }),
    });
    expect(body.embeds).toHaveLength(1);
    expectInert(body);
  });
});
