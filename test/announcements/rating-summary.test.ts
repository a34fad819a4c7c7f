import { describe, expect, it } from "vitest";
import { renderRatingSummaryParts } from "../../src/announcements/rating-summary.js";
import type { RatingContest } from "../../src/events/index.js";
import { expectInert, hostileTexts } from "../support/hostile-text.js";
import { readEvent } from "./support/events.js";
import { expectPingsExactly, expectWithinDiscordLimits } from "./support/message-checks.js";

/** The summary's messages alone. */
const renderRatingSummary = (...args: Parameters<typeof renderRatingSummaryParts>) =>
  renderRatingSummaryParts(...args).map((part) => part.message);

const sprint: RatingContest = { kind: "tournament", id: "trn_42", title: "Weekly Sprint #42" };

function ratingChange(
  user: string,
  ratings: readonly [number, number],
  options: {
    readonly tiers?: readonly [string, string];
    readonly username?: string;
    readonly at?: number;
  } = {},
) {
  const [oldRating, newRating] = ratings;
  const [previousTier, tier] = options.tiers ?? ["gold", "gold"];
  return readEvent(
    "user.rating_changed",
    {
      object: "user",
      id: user,
      user: { id: user, username: options.username ?? user.replace("usr_", "") },
      old_rating: oldRating,
      new_rating: newRating,
      change: newRating - oldRating,
      previous_tier: previousTier,
      tier,
      tournament_id: "trn_42",
    },
    { id: `evt_${user}_${String(options.at ?? 0)}`, created: Date.UTC(2026, 10, 21, 10) + (options.at ?? 0) },
  );
}

describe("the summary of a contest's rating changes", () => {
  it("lists every member once, biggest gain first, marks promotions and pings nobody", () => {
    const ada = "111111111111111111";
    const messages = renderRatingSummary(
      {
        contest: sprint,
        changes: [
          ratingChange("usr_bob", [1500, 1488]),
          ratingChange("usr_ada", [1590, 1622], { tiers: ["gold", "platinum"] }),
          ratingChange("usr_cy", [1400, 1405]),
        ],
      },
      { mentions: new Map([["usr_ada", ada]]) },
    );

    expect(messages).toHaveLength(1);
    const [message] = messages;
    if (message === undefined) throw new Error("expected one message");
    const [embed] = message.embeds ?? [];
    expect(embed?.title).toBe("Rating changes after Weekly Sprint #42: 3 members");
    expect(embed?.description?.split("\n")).toEqual([
      `\`+32\` <@${ada}> 1590 → **1622** · ⬆️ **Platinum** 🎉`,
      "`+5` cy 1400 → **1405**",
      "`-12` bob 1500 → **1488**",
    ]);
    expect(message.content).toBeUndefined();
    expectPingsExactly(message, []);
  });

  it("reads a member's several changes in one tournament as one, from the first rating to the last", () => {
    const [message] = renderRatingSummary(
      {
        contest: sprint,
        changes: [
          ratingChange("usr_ada", [1610, 1630], { at: 2000, tiers: ["platinum", "platinum"] }),
          ratingChange("usr_ada", [1590, 1610], { at: 1000, tiers: ["gold", "platinum"] }),
        ],
      },
      { mentions: new Map() },
    );

    expect(message?.embeds?.[0]?.title).toBe("Rating changes after Weekly Sprint #42: 1 member");
    expect(message?.embeds?.[0]?.description).toBe("`+40` ada 1590 → **1630** · ⬆️ **Platinum** 🎉");
  });

  it("names a battle by its id when no tournament is known", () => {
    const [message] = renderRatingSummary(
      {
        contest: { kind: "battle", id: "bat_7", title: undefined },
        changes: [ratingChange("usr_ada", [1, 2])],
      },
      { mentions: new Map() },
    );

    expect(message?.embeds?.[0]?.title).toBe("Rating changes after battle bat\\_7: 1 member");
  });

  it("escapes the markdown of a contest's id when it names the contest", () => {
    const [message] = renderRatingSummary(
      {
        contest: { kind: "tournament", id: "trn_**bold**||spoiler||", title: undefined },
        changes: [ratingChange("usr_ada", [1, 2])],
      },
      { mentions: new Map() },
    );

    expect(message?.embeds?.[0]?.title).toBe(
      "Rating changes after tournament trn\\_\\*\\*bold\\*\\*\\|\\|spoiler\\|\\|: 1 member",
    );
  });

  it("names a battle by its problem when the battle's events told it", () => {
    const [message] = renderRatingSummary(
      {
        contest: { kind: "battle", id: "bat_7", title: "Two *Sum*" },
        changes: [ratingChange("usr_ada", [1, 2])],
      },
      { mentions: new Map() },
    );

    expect(message?.embeds?.[0]?.title).toBe("Rating changes after the Two \\*Sum\\* battle: 1 member");
  });

  it("shows hostile usernames and titles as inert text", () => {
    const changes = hostileTexts.map((text, index) =>
      ratingChange(`usr_${String(index)}`, [1500, 1500 + index], { username: text }),
    );
    const messages = renderRatingSummary(
      { contest: { ...sprint, title: hostileTexts.join(" ") }, changes },
      { mentions: new Map() },
    );

    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expectInert(message);
    // Every hostile member is shown: the last one's new rating is there too.
    expect(JSON.stringify(messages)).toContain(String(1500 + hostileTexts.length - 1));
  });

  it("splits across messages only when Discord's limits demand it, every member in exactly one line", () => {
    const many = Array.from({ length: 400 }, (_, index) =>
      ratingChange(`usr_${String(index).padStart(3, "0")}`, [1500, 1100 + index * 2], {
        username: `player-with-a-rather-long-name-${String(index).padStart(3, "0")}`,
      }),
    );
    const few = renderRatingSummary({ contest: sprint, changes: many.slice(0, 37) }, { mentions: new Map() });
    const messages = renderRatingSummary({ contest: sprint, changes: many }, { mentions: new Map() });

    expect(few).toHaveLength(1);
    expect(messages.length).toBeGreaterThan(1);
    const lines = messages.flatMap((message) =>
      (message.embeds ?? []).flatMap((embed) => embed.description?.split("\n") ?? []),
    );
    expect(lines).toHaveLength(400);
    expect(new Set(lines.map((line) => /name-(\d+)/.exec(line)?.[1])).size).toBe(400);
    expect(lines[0]).toContain("name-399");
    for (const message of messages) expectWithinDiscordLimits(message);
    // Each message but the last is full: one fewer message could not hold the lines.
    const length = (message: (typeof messages)[number]) =>
      (message.embeds ?? []).reduce((sum, embed) => sum + (embed.description?.length ?? 0), 0);
    for (const message of messages.slice(0, -1)) expect(length(message)).toBeGreaterThan(5000);
  });

  it("names with each message the members whose lines it carries, so a refused one fails only theirs", () => {
    const many = Array.from({ length: 400 }, (_, index) =>
      ratingChange(`usr_${String(index).padStart(3, "0")}`, [1500, 1100 + index * 2], {
        username: `player-with-a-rather-long-name-${String(index).padStart(3, "0")}`,
      }),
    );

    const parts = renderRatingSummaryParts({ contest: sprint, changes: many }, { mentions: new Map() });

    expect(parts.length).toBeGreaterThan(1);
    for (const { message, userIds } of parts) {
      const named = (message.embeds ?? []).flatMap((embed) =>
        (embed.description?.split("\n") ?? []).map((line) => `usr_${/name-(\d+)/.exec(line)?.[1] ?? ""}`),
      );
      expect(userIds).toEqual(named);
    }
    expect(new Set(parts.flatMap((part) => part.userIds)).size).toBe(400);
  });

  it("splits at the same lines whoever is linked, so a summary sent again loses or repeats no line", () => {
    const many = Array.from({ length: 400 }, (_, index) =>
      ratingChange(`usr_${String(index).padStart(3, "0")}`, [1500, 1100 + index * 2], {
        username: `p${index}`,
      }),
    );
    const split = (linked: number) => {
      const mentions = new Map(
        many
          .slice(0, linked)
          .map((event, index) => [event.data.user.id, `1${String(index).padStart(18, "0")}`]),
      );
      return renderRatingSummaryParts({ contest: sprint, changes: many }, { mentions }).map(
        (part) => part.userIds,
      );
    };

    const unlinked = split(0);
    expect(unlinked.length).toBeGreaterThan(1);
    expect(split(50)).toEqual(unlinked);
    expect(split(400)).toEqual(unlinked);
  });
});
