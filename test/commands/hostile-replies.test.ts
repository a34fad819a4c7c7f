// Every command reply that shows platform text, rendered with a hostile string in every text field the
// platform fills: whatever the platform sends, the reply shows it as text (docs/architecture.md, "The rules
// the code keeps", "Platform text is inert").
import { describe, expect, it } from "vitest";
import { renderBattleHistoryPage } from "../../src/commands/battle/battle-history-page.js";
import { renderBattleStatus } from "../../src/commands/battle/battle-status-view.js";
import { renderChallenge } from "../../src/commands/battle/challenge-message.js";
import { renderCodeModal } from "../../src/commands/battle/code-modal.js";
import { renderJoined } from "../../src/commands/battle/join-battle.js";
import { renderSubmissionResult } from "../../src/commands/battle/submission-result.js";
import { renderGlobalLeaderboard } from "../../src/commands/leaderboard/render-global-leaderboard.js";
import { renderServerLeaderboard } from "../../src/commands/leaderboard/render-server-leaderboard.js";
import { renderServerPeriodLeaderboard } from "../../src/commands/leaderboard/render-server-period-leaderboard.js";
import { renderMemberProfile, renderOwnProfile } from "../../src/commands/profile/render-profile-card.js";
import { renderProfileUpdated } from "../../src/commands/profile/render-profile-updated.js";
import { renderMemberRank } from "../../src/commands/rank/render-member-rank.js";
import { renderOwnRank } from "../../src/commands/rank/render-own-rank.js";
import { describeLinked } from "../../src/commands/link/render-linked.js";
import { renderDeliveries } from "../../src/commands/setup/render-deliveries.js";
import { renderRegisterOutcome } from "../../src/commands/setup/render-register-outcome.js";
import { renderRotationOutcome } from "../../src/commands/setup/render-rotation-outcome.js";
import { renderSetupStatus } from "../../src/commands/setup/render-setup-status.js";
import { renderStats } from "../../src/commands/stats/render-stats.js";
import { renderSubscriptionList } from "../../src/commands/subscriptions/render-subscription-list.js";
import { renderInvitation, renderInvitationNotice } from "../../src/commands/team/render-invitation.js";
import { renderCreatedTeam } from "../../src/commands/team/render-team.js";
import { renderWhoami } from "../../src/commands/whoami/render-whoami.js";
import { renderRegistration } from "../../src/commands/tournament/render-registration.js";
import { renderTournamentLeaderboard } from "../../src/commands/tournament/render-tournament-leaderboard.js";
import { renderTournamentPage } from "../../src/commands/tournament/render-tournament-page.js";
import { discordLimits } from "../../src/discord/discord-limits.js";
import type { Reply } from "../../src/discord/interaction-responder.js";
import { expectInert, hostileTexts } from "../support/hostile-text.js";
import { makeTournament } from "./tournament/fixtures.js";

const now = Date.UTC(2026, 0, 1);
const at = "2026-01-01T00:00:00.000Z";
const member = (text: string) => ({
  userId: "200",
  platformUsername: text,
  rating: 1500,
  tier: text,
  seenAt: now,
});

/** Each renderer given `text` in every field the platform (or a member's platform account) fills. */
const renderers: readonly (readonly [string, (text: string) => Reply])[] = [
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
  [
    "challenge",
    (text) =>
      renderChallenge({
        challengerId: "100000000000000001",
        opponentId: "100000000000000002",
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
  [
    "tournament list page",
    (text) =>
      renderTournamentPage({
        tournaments: [makeTournament({ id: text, title: text, status: text, format: text, prize: text })],
        filter: { status: "open", difficulty: undefined },
        page: 0,
        now,
      }),
  ],
  [
    "tournament leaderboard",
    (text) =>
      renderTournamentLeaderboard({
        tournamentId: text,
        leaderboard: {
          leaderboard: [
            { rank: 1, user: { id: text, username: text }, score: 1, problemsSolved: 1, totalTime: 1 },
          ],
          userRank: 1,
          userScore: 1,
        },
        viewerPlatformUserId: text,
      }),
  ],
  [
    "tournament registration",
    (text) =>
      renderRegistration(
        {
          registered: true,
          tournamentId: text,
          tournamentTitle: text,
          registrationId: text,
          userId: text,
          status: text,
          registeredAt: at,
        },
        text,
      ),
  ],
  [
    "tournament registration without a title",
    (text) =>
      renderRegistration(
        {
          registered: false,
          tournamentId: text,
          tournamentTitle: undefined,
          registrationId: undefined,
          userId: undefined,
          status: undefined,
          registeredAt: undefined,
        },
        text,
      ),
  ],
  [
    "team created",
    (text) =>
      renderCreatedTeam({
        id: text,
        name: text,
        description: text,
        owner: { id: text, username: text },
        members: 1,
        maxMembers: 5,
        isPublic: true,
        createdAt: at,
      }),
  ],
  [
    "team invitation",
    (text) =>
      renderInvitation({
        invitation: { id: text, teamId: text, inviteeId: text, role: text, status: text, sentAt: at },
        invitee: { username: text, memberId: "300" },
        teamName: text,
        inviterId: "200",
      }),
  ],
  [
    "team invitation notice",
    (text) =>
      renderInvitationNotice({
        invitation: { id: text, teamId: text, inviteeId: text, role: text, status: text, sentAt: at },
        invitee: { username: text, memberId: "300" },
        teamName: text,
        inviterId: "200",
      }) ?? {},
  ],
  [
    "own rank",
    (text) =>
      renderOwnRank({
        username: text,
        rank: { globalRank: 1, rating: 1500, tier: text, percentile: 50, ratingHistory: [] },
        hasChart: false,
      }),
  ],
  ["member rank", (text) => renderMemberRank(member(text))],
  [
    "own profile card",
    (text) =>
      renderOwnProfile(
        {
          id: text,
          username: text,
          email: text,
          rating: 1500,
          tier: text,
          joinedAt: at,
          displayName: text,
          bio: text,
          location: text,
          website: text,
        },
        { showEmail: true },
      ),
  ],
  ["member profile card", (text) => renderMemberProfile(member(text))],
  [
    "profile updated",
    (text) =>
      renderProfileUpdated(
        { displayName: text, bio: text, location: text, website: text },
        { success: true, user: { id: text, username: text, displayName: text, bio: text } },
      ),
  ],
  [
    "stats",
    (text) =>
      renderStats({
        username: text,
        timeframe: "30d",
        stats: {
          totalBattles: 1,
          wins: 1,
          losses: 0,
          winRate: 1,
          averageTime: 60,
          rating: 1500,
          ratingChange: 1,
        },
      }),
  ],
  [
    "global leaderboard",
    (text) =>
      renderGlobalLeaderboard({
        board: {
          rankings: [
            {
              rank: 1,
              user: { id: text, username: text, rating: 1500, tier: text },
              winRate: 0.5,
              battlesWon: 1,
            },
          ],
          total: 1,
          hasMore: false,
        },
        page: 0,
        pageSize: 10,
        viewerPlatformUserId: text,
      }),
  ],
  [
    "server leaderboard",
    (text) =>
      renderServerLeaderboard({
        rows: [
          { userId: "200", platformUserId: text, username: text, rating: 1500, tier: text, updatedAt: 0 },
        ],
        page: 0,
        pageSize: 10,
        viewerUserId: "200",
      }),
  ],
  [
    "server leaderboard of a period",
    (text) =>
      renderServerPeriodLeaderboard({
        period: "week",
        window: { from: now - 7 * 86_400_000, to: now },
        rows: [
          { platformUserId: text, ratingChange: 12, latestRating: 1512, battlesPlayed: 2, battlesWon: 1 },
          {
            platformUserId: `${text}-unlinked`,
            ratingChange: 5,
            latestRating: null,
            battlesPlayed: 0,
            battlesWon: 0,
          },
        ],
        members: [{ userId: "200", platformUserId: text, platformUsername: text }],
        page: 0,
        pageSize: 10,
        viewerUserId: "200",
      }),
  ],
  [
    "setup deliveries",
    (text) =>
      renderDeliveries({
        platformWebhookId: text,
        deliveries: [
          {
            id: text,
            eventId: text,
            status: "delivered",
            attempts: 1,
            responseCode: 200,
            responseTime: 1,
            createdAt: at,
            deliveredAt: at,
          },
        ],
        failed: [
          {
            id: text,
            eventId: text,
            status: "failed",
            attempts: 1,
            lastResponseCode: 500,
            errorMessage: text,
            nextRetry: null,
            createdAt: at,
            failedAt: at,
          },
        ],
      }),
  ],
  [
    "setup status",
    (text) =>
      renderSetupStatus(
        {
          links: [],
          endpoints: [
            {
              id: "end_1",
              platformWebhookId: text,
              eventKinds: [],
              createdAt: now,
              previousSecretExpiresAt: null,
            },
          ],
          operatorWebhook: false,
          recentEvents: [
            {
              eventId: text,
              kind: text,
              source: "end_1",
              status: "accepted",
              payload: {},
              error: text,
              receivedAt: now,
            },
          ],
          subscriptions: [],
          pendingAnnouncements: 0,
          adminChannelId: null,
          tierRoles: {
            settings: {
              guildId: "100000000000000001",
              mode: "map",
              pausedReason: text,
              lastSyncAt: now,
              lastProblem: text,
              lastProblemAt: now,
              tiersPending: false,
            },
            // A mapping line holds a role mention by design; tier names go through plainText like the rest.
            mappings: [],
            pendingMembers: 0,
          },
          // Reminders name their admin and channel by design; their platform text is checked in
          // test/commands/setup/render-setup-status.test.ts.
          reminders: { settings: undefined, scheduled: [] },
          // A paused channel's reason is Discord's error, never platform text.
          threadPauses: [],
          events: { settings: undefined, events: [] },
        },
        now,
      ),
  ],
  [
    "webhook registered",
    (text) =>
      renderRegisterOutcome(
        {
          result: "registered",
          platformWebhookId: text,
          url: "https://bot.example/webhooks/1",
          kinds: ["battle.completed"],
        },
        text,
      ),
  ],
  [
    "webhook replaced on registration",
    (text) =>
      renderRegisterOutcome(
        {
          result: "replaced",
          platformWebhookId: text,
          previousWebhookId: text,
          previousAcceptedUntil: now,
          url: "https://bot.example/webhooks/1",
          kinds: ["battle.completed"],
        },
        text,
      ),
  ],
  [
    "secret rotated",
    (text) =>
      renderRotationOutcome({ result: "rotated", platformWebhookId: text, previousAcceptedUntil: now }, text),
  ],
  [
    "webhook replaced on rotation",
    (text) =>
      renderRotationOutcome(
        { result: "replaced", platformWebhookId: text, previousWebhookId: text, previousAcceptedUntil: now },
        text,
      ),
  ],
  [
    "webhook updated",
    (text) =>
      renderRegisterOutcome(
        { result: "updated", platformWebhookId: text, url: "https://bot.example/webhooks/1", kinds: [] },
        text,
      ),
  ],
  [
    "whoami",
    (text) =>
      renderWhoami(
        {
          id: text,
          username: text,
          email: text,
          rating: 1500,
          tier: text,
          joinedAt: at,
          displayName: text,
          bio: text,
          location: text,
          website: text,
        },
        { credentialKind: "oauth", scopes: [text], credential: { expiresAt: now } },
      ),
  ],
  ["linked with an API key", (text) => ({ content: describeLinked(text, "api-key") })],
  ["linked through OAuth", (text) => ({ content: describeLinked(text, "oauth") })],
  [
    "subscriptions list",
    (text) =>
      renderSubscriptionList(
        [
          {
            id: "sub_1",
            guildId: "100",
            channelId: "300",
            eventKinds: ["battle.completed"],
            filters: { tournamentId: text, difficulty: text },
            status: "paused",
            statusReason: text,
            createdBy: "200",
            createdAt: 0,
            updatedAt: 0,
          },
        ],
        undefined,
      ),
  ],
];

// The mentions the bot itself writes (the fixtures' member and channel ids) are meant; only platform text must be inert.
const botMentions = /<[@#](?:200|300|100000000000000001|100000000000000002)>/g;

function withoutBotMentions(reply: Reply): unknown {
  return JSON.parse(JSON.stringify(reply).replace(botMentions, "@member")) as unknown;
}

describe("command replies show hostile platform text as text", () => {
  const cases = renderers.flatMap(([name, render]) =>
    hostileTexts.map((hostile) => [name, hostile, render] as const),
  );

  it.each(cases)("%s with %j", (_name, hostile, render) => {
    expectInert(withoutBotMentions(render(hostile)));
  });
});

describe("the code form shows a hostile battle id as text", () => {
  it.each(hostileTexts)("in its title, within Discord's limit: %j", (hostile) => {
    const modal = renderCodeModal(hostile, undefined);

    expectInert(modal, { markdown: false });
    expect(modal.title).toContain("Submit code to");
    expect(modal.title.length).toBeLessThanOrEqual(discordLimits.modalTitle);
  });
});
