import { describe, expect, it } from "vitest";
import {
  challengeLifetimeMs,
  isChallengeExpired,
  renderChallenge,
  renderChallengeAccepted,
  renderChallengeClosed,
} from "../../../src/commands/battle/challenge-message.js";
import type { Reply } from "../../../src/discord/interaction-responder.js";

const parties = { challengerId: "100000000000000001", opponentId: "100000000000000002" };
const view = {
  battleId: "bat_9",
  status: "waiting",
  participants: [],
  maxParticipants: 2,
  language: "python",
};

function customIds(reply: Reply): string[] {
  return (reply.components ?? []).flatMap((row) =>
    (row as { components: { custom_id: string }[] }).components.map((button) => button.custom_id),
  );
}

describe("challenge messages", () => {
  it("pings exactly the opponent and offers Accept and Decline bound to them", () => {
    const reply = renderChallenge({ ...parties, view, expiresAt: Date.UTC(2026, 0, 1, 0, 5) });
    expect(reply.content).toMatch(/^<@100000000000000002>, <@100000000000000001> challenges you/);
    expect(reply.content).toContain(`<t:${Date.UTC(2026, 0, 1, 0, 5) / 1000}:R>`);
    expect(reply.allowed_mentions).toEqual({ parse: [], users: ["100000000000000002"] });
    expect(reply.embeds?.[0]?.description).toBeUndefined();
    expect(customIds(reply)).toEqual([
      "battle:accept:100000000000000002:bat_9",
      "battle:decline:100000000000000002:bat_9",
    ]);
  });

  it("expires five minutes after the post", () => {
    const posted = Date.UTC(2026, 0, 1);
    const at = new Date(posted).toISOString();
    expect(isChallengeExpired(at, posted + challengeLifetimeMs - 1)).toBe(false);
    expect(isChallengeExpired(at, posted + challengeLifetimeMs)).toBe(true);
    expect(isChallengeExpired("not a time", posted)).toBe(true);
  });

  it("turns an accepted challenge into a battle card without pinging anyone", () => {
    const embed = renderChallenge({ ...parties, view, expiresAt: 0 }).embeds?.[0];
    const battle = {
      id: "bat_9",
      status: "active",
      participants: [{ username: "bob" }, { username: "alice" }],
    };
    const seated = renderChallengeAccepted({ ...parties, embed, battle, challengerSeated: true });
    expect(seated.allowed_mentions).toEqual({ parse: [] });
    expect(customIds(seated)).toEqual(["battle:join:bat_9", "battle:submit:bat_9"]);
    expect(JSON.stringify(seated.embeds)).toContain("2/2");
    const unseated = renderChallengeAccepted({
      ...parties,
      embed,
      battle: { ...battle, participants: [{ username: "bob" }] },
      challengerSeated: false,
    });
    expect(unseated.content).toContain("press **Join**");
  });

  it("removes the buttons of a declined or expired challenge", () => {
    const embed = renderChallenge({ ...parties, view, expiresAt: 0 }).embeds?.[0];
    const declined = renderChallengeClosed({ ...parties, embed, outcome: "declined" });
    expect(declined.components).toEqual([]);
    expect(declined.content).toBe("<@100000000000000002> declined <@100000000000000001>'s challenge.");
    const expired = renderChallengeClosed({ ...parties, embed, outcome: "expired" });
    expect(expired.content).toMatch(/expired/);
    expect(JSON.stringify(expired.embeds)).toContain("Challenge expired");
  });
});
