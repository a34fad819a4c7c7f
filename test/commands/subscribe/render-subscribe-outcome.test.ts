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
