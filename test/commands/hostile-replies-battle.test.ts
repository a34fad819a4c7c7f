// The /battle replies that show platform text, rendered with a hostile string in every text field the
// platform fills, and the code form with a hostile battle id: whatever the platform sends, the reply shows it
// as text (docs/architecture.md, "The rules the code keeps", "Platform text is inert").
import { describe, expect, it } from "vitest";
import { renderBattleHistoryPage } from "../../src/commands/battle/battle-history-page.js";
import { renderBattleStatus } from "../../src/commands/battle/battle-status-view.js";
import { renderChallenge, renderChallengeAccepted } from "../../src/commands/battle/challenge-message.js";
import { renderCodeModal } from "../../src/commands/battle/code-modal.js";
import { renderJoined } from "../../src/commands/battle/join-battle.js";
import { renderSubmissionResult } from "../../src/commands/battle/submission-result.js";
import { discordLimits } from "../../src/discord/discord-limits.js";
import { expectInert, hostileTexts } from "../support/hostile-text.js";
import { at, now, type HostileRenderer, testRepliesShowTextAsText } from "./support/hostile-replies.js";

const parties = { challengerId: "100000000000000001", opponentId: "100000000000000002" };

/** A challenge with `text` in every field the platform fills. */
function challengeOf(text: string) {
  return renderChallenge({
    ...parties,
    view: {
      battleId: text,
      type: text,
      problem: { title: text, difficulty: text },
      language: text,
      status: "waiting",
      // A card's player names are display text the bot wrote (a challenge starts with none).
      participants: [],
    },
    expiresAt: now,
  });
}

/** Each renderer given `text` in every field the platform (or a member's platform account) fills. */
const renderers: readonly HostileRenderer[] = [
  [
    "battle status",
    (text) =>
      renderBattleStatus(
        {
          id: text,
          type: text,
          status: "active",
          participants: [{ id: text, username: text, rating: 1500 }],
          timeRemaining: 60,
          leaderboard: [{ userId: text, username: text, score: 10, submissions: 1 }],
        },
        now,
        true,
      ),
  ],
  [
    "battle history page",
    (text) =>
      renderBattleHistoryPage({
        battles: [
          { id: text, type: text, status: text, result: text, score: 1, duration: 60, completedAt: at },
        ],
        page: 0,
        pageSize: 10,
        total: 1,
        status: undefined,
        ephemeral: true,
        inServer: true,
      }),
  ],
  ["challenge", (text) => challengeOf(text)],
  [
    "challenge accepted",
    (text) =>
      renderChallengeAccepted({
        ...parties,
        embed: challengeOf(text).embeds?.[0],
        battle: { id: "bat_1", status: "active", participants: [{ username: text }, { username: text }] },
        challengerSeated: true,
      }),
  ],
  [
    "battle joined",
    (text) =>
      renderJoined({ id: text, status: text, participants: [{ id: text, username: text, joinedAt: at }] }),
  ],
  [
    "submission result",
    (text) =>
      renderSubmissionResult({
        battleId: text,
        language: text,
        submission: {
          id: text,
          status: text,
          score: 10,
          executionTime: 1,
          memoryUsed: 1,
          testCases: { passed: 0, failed: 1, total: 1 },
          testResults: [{ input: text, expected: text, actual: text, passed: false }],
        },
      }),
  ],
];

testRepliesShowTextAsText(renderers);

describe("the code form shows a hostile battle id as text", () => {
  it.each(hostileTexts)("in its title, within Discord's limit: %j", (hostile) => {
    const modal = renderCodeModal(hostile, undefined);

    expectInert(modal, { markdown: false });
    expect(modal.title).toContain("Submit code to");
    expect(modal.title.length).toBeLessThanOrEqual(discordLimits.modalTitle);
  });
});
