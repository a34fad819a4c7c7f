import { describe, expect, it } from "vitest";
import {
  describeFeedGap,
  renderSubscribeOutcome,
} from "../../../src/commands/subscribe/render-subscribe-outcome.js";
import type { Subscription } from "../../../src/store/subscriptions.js";

const subscription: Subscription = {
  id: "sub_1",
  guildId: "100000000000000001",
  channelId: "300000000000000001",
  eventKinds: ["battle.completed", "user.rating_changed"],
  filters: { minRatingChange: 20 },
  status: "active",
  statusReason: null,
  createdBy: "200000000000000001",
  createdAt: 0,
  updatedAt: 0,
};

describe("renderSubscribeOutcome", () => {
  it("confirms a new route with what it receives and its filters, ephemerally", () => {
    const reply = renderSubscribeOutcome(
      { change: "created", subscription, addedKinds: subscription.eventKinds, resumedFrom: undefined },
      { source: "operator" },
    );
    expect(reply.ephemeral).toBe(true);
    expect(reply.content).toBe(
      "Subscribed <#300000000000000001>.\n" +
        "Receives: **Battle results, Rating changes**\n" +
        "Filters: rating changes of ±20 or more",
    );
  });

  it("names the kinds added and a resume", () => {
    const reply = renderSubscribeOutcome(
      {
        change: "updated",
        subscription,
        addedKinds: ["user.rating_changed"],
        resumedFrom: { status: "paused", statusReason: "403 Missing Access" },
      },
      { source: "operator" },
    );
    expect(reply.content).toContain("Resumed announcements in <#300000000000000001> (it was ⏸️ paused (403");
    expect(reply.content).toContain("now also receives **Rating changes**");
  });

  it("warns that a tournament filter may hold back every battle and rating change, the platform not shown naming it there", () => {
    const filtered = {
      ...subscription,
      eventKinds: ["battle.completed", "user.rating_changed", "system.tournament_started"] as const,
      filters: { tournamentId: "trn_1" },
    } satisfies Subscription;
    const reply = renderSubscribeOutcome(
      { change: "created", subscription: filtered, addedKinds: filtered.eventKinds, resumedFrom: undefined },
      { source: "operator" },
    );
    expect(reply.content).toContain(
      "⚠️ **Battle results, Rating changes** pass the tournament filter only when the platform names the " +
        "tournament in the event, which its API reference does not show it doing: those may never be posted here.",
    );
    expect(reply.content).not.toContain("Tournament starts** pass");
  });

  it("warns that a difficulty filter may hold back every submission and team result, and nothing else", () => {
    const reply = (kinds: Subscription["eventKinds"]) =>
      renderSubscribeOutcome(
        {
          change: "created",
          subscription: { ...subscription, eventKinds: kinds, filters: { difficulty: "hard" } },
          addedKinds: kinds,
          resumedFrom: undefined,
        },
        { source: "operator" },
      ).content ?? "";
    expect(reply(["battle.completed", "battle.submission"])).toMatch(
      /⚠️ \*\*Battle submissions\*\* pass the difficulty filter only when/,
    );
    expect(reply(["battle.completed", "system.tournament_started"])).not.toContain("⚠️");
  });

  it("tells the admin when no webhook feeds the server", () => {
    const reply = renderSubscribeOutcome(
      { change: "unchanged", subscription, addedKinds: [], resumedFrom: undefined },
      { source: "none" },
    );
    expect(reply.content).toContain("already receives these events; nothing changed.");
    expect(reply.content).toContain("run `/setup webhook register`");
  });
});

describe("describeFeedGap", () => {
  it("names kinds the guild's webhook was registered without", () => {
    expect(describeFeedGap({ source: "endpoint", kinds: ["battle.completed"] }, ["battle.completed"])).toBe(
      undefined,
    );
    expect(describeFeedGap({ source: "endpoint", kinds: ["battle.completed"] }, ["team.created"])).toMatch(
      /registered without Teams created: run `\/setup webhook register` again/,
    );
  });

  it("names the weekly digest's sources a route taking the refresh needs, though it posts none of them", () => {
    // A webhook registered before the digest counted them: the digest would show a quiet week every week.
    const feed = { source: "endpoint", kinds: ["system.leaderboard_updated", "battle.completed"] } as const;
    const gap = describeFeedGap(feed, ["system.leaderboard_updated"]);
    expect(gap).toMatch(/^This server's platform webhook was registered without /);
    for (const label of ["Rating changes", "Achievements", "Team battle results"])
      expect(gap).toContain(label);
    expect(gap).not.toContain("Battle results");
  });
});
