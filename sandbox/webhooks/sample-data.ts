// Data for `POST /api/v1/webhooks/test`: built by the same functions as real events, from stand-in
// records (seeded users and problems), so a test event has exactly the shape of a real one. `test_data`
// fields are laid over it; a `battle_id` there also becomes the `id` of battle events.
import type { EventKind } from "./event-kinds.js";
import { achievements } from "../core/achievements.js";
import type { EventData } from "../core/deps.js";
import type { Battle, SandboxState, Team, Tournament, User } from "../state.js";
import * as build from "./event-data.js";

export function sampleEventData(
  state: SandboxState,
  kind: EventKind,
  now: number,
  testData: Readonly<Record<string, unknown>>,
): EventData {
  const data = { ...buildSample(state, kind, now), ...testData, test: true };
  if (typeof testData.battle_id === "string" && data.object === "battle") data.id = testData.battle_id;
  return data;
}

function buildSample(state: SandboxState, kind: EventKind, now: number): EventData {
  const [first, second] = sampleUsers(state, now);
  const battle = sampleBattle(state, first, second, now);
  const team = sampleTeam(first, now);
  switch (kind) {
    case "battle.created":
      return build.battleCreatedData(state, battle);
    case "battle.started":
      return build.battleStartedData(state, battle);
    case "battle.completed":
      return build.battleCompletedData(state, battle, [
        { userId: first.id, score: 100, submissionTime: 420, rank: 1 },
        { userId: second.id, score: 60, submissionTime: 610, rank: 2 },
      ]);
    case "battle.submission":
      return build.battleSubmissionData(state, {
        id: "sub_test",
        battleId: battle.id,
        userId: first.id,
        language: "python",
        score: 100,
        passed: 5,
        total: 5,
        executionTime: 42,
        memoryUsed: 2048,
        testResults: [],
        submittedAt: now,
      });
    case "user.registered":
      return build.userRegisteredData(first);
    case "user.profile_updated":
      return build.profileUpdatedData(first, ["bio"]);
    case "user.achievement_earned":
      return build.achievementEarnedData(first, achievements.firstVictory, now);
    case "user.rating_changed":
      return build.ratingChangedData(first, {
        oldRating: first.rating - 16,
        newRating: first.rating,
        battleId: battle.id,
      });
    case "team.created":
      return build.teamCreatedData(state, team);
    case "team.member_joined":
      return build.memberJoinedData(state, team, first.id);
    case "team.battle_completed":
      return build.teamBattleCompletedData(battle, [{ team, score: 100, rank: 1, memberIds: [first.id] }]);
    case "system.maintenance_scheduled":
      return build.maintenanceScheduledData({
        id: "mnt_test",
        startsAt: now + 86_400_000,
        endsAt: now + 90_000_000,
        message: "Test maintenance window",
      });
    case "system.tournament_started":
      return build.tournamentStartedData(sampleTournament(now));
    case "system.leaderboard_updated":
      return build.leaderboardUpdatedData([{ rank: 1, user: first }], now - 7 * 86_400_000, now);
  }
}

function sampleUsers(state: SandboxState, now: number): [User, User] {
  const users = [...state.users.values()];
  const stand = (id: string, username: string): User => ({
    id,
    username,
    email: `${username}@sandbox.example`,
    rating: 1500,
    joinedAt: now,
    displayName: null,
    bio: null,
    location: null,
    website: null,
  });
  return [users[0] ?? stand("usr_test1", "tester1"), users[1] ?? stand("usr_test2", "tester2")];
}

function sampleBattle(state: SandboxState, first: User, second: User, now: number): Battle {
  const problem = state.problems[0];
  return {
    id: "bat_test",
    type: "realtime",
    difficulty: problem?.difficulty ?? "easy",
    language: "python",
    timeLimit: 1800,
    capacity: 2,
    problemId: problem?.id ?? "prb_test",
    creatorId: first.id,
    status: "completed",
    createdAt: now - 900_000,
    startedAt: now - 800_000,
    completedAt: now,
    winnerId: first.id,
    participants: [first, second].map((user) => ({
      userId: user.id,
      joinedAt: now - 800_000,
      ratingBefore: null,
      ratingAfter: null,
      rank: null,
      result: null,
    })),
    submissions: [],
  };
}

function sampleTeam(owner: User, now: number): Team {
  return {
    id: "team_test",
    name: "Test Team",
    description: "A team for test events",
    ownerId: owner.id,
    isPublic: true,
    maxMembers: 5,
    createdAt: now,
    members: new Map([[owner.id, { role: "owner", joinedAt: now }]]),
  };
}

function sampleTournament(now: number): Tournament {
  return {
    id: "trn_test",
    title: "Test Tournament",
    format: "elimination",
    difficulty: "medium",
    status: "active",
    startTime: now,
    endTime: now + 7_200_000,
    maxParticipants: 64,
    prize: "$100",
    registrations: new Map(),
    results: new Map(),
  };
}
