// The `data` object of every event kind the sandbox emits. The platform's API reference shows the data of
// `battle.completed` and `user.achievement_earned` only; the other shapes are the sandbox's choice,
// documented in sandbox/README.md ("Event data"), and the bot's webhook receiver is written against
// them. Webhook payloads are snake_case (the platform's API reference, Resources).
import { toIso } from "../clock.js";
import type { EventData } from "../core/deps.js";
import { tierForRating } from "../core/tiers.js";
import type { Battle, Problem, SandboxState, Submission, Team, Tournament, User } from "../state.js";

function userRef(user: User): { id: string; username: string } {
  return { id: user.id, username: user.username };
}

function problemRef(problem: Problem): { id: string; title: string; difficulty: string } {
  return { id: problem.id, title: problem.title, difficulty: problem.difficulty };
}

function usernameOf(state: SandboxState, userId: string): string {
  return state.users.get(userId)?.username ?? userId;
}

function battleProblem(state: SandboxState, battle: Battle): Problem {
  return (
    state.problems.find((problem) => problem.id === battle.problemId) ?? {
      id: battle.problemId,
      title: battle.problemId,
      difficulty: battle.difficulty,
    }
  );
}

export function battleCreatedData(state: SandboxState, battle: Battle): EventData {
  const creator = state.users.get(battle.creatorId);
  return {
    object: "battle",
    id: battle.id,
    mode: battle.type,
    status: battle.status,
    difficulty: battle.difficulty,
    language: battle.language,
    problem: problemRef(battleProblem(state, battle)),
    max_participants: battle.capacity,
    time_limit: battle.timeLimit,
    created_by: creator === undefined ? null : userRef(creator),
    created_at: toIso(battle.createdAt),
  };
}

export function battleStartedData(state: SandboxState, battle: Battle): EventData {
  const startedAt = battle.startedAt ?? battle.createdAt;
  return {
    object: "battle",
    id: battle.id,
    mode: battle.type,
    difficulty: battle.difficulty,
    problem: problemRef(battleProblem(state, battle)),
    participants: battle.participants.map((participant) => ({
      user_id: participant.userId,
      username: usernameOf(state, participant.userId),
      rating: state.users.get(participant.userId)?.rating ?? 0,
    })),
    time_limit: battle.timeLimit,
    started_at: toIso(startedAt),
    ends_at: toIso(startedAt + battle.timeLimit * 1000),
  };
}

/** Participant fields as the spec shows; `submission_time` is seconds from start to the best submission. */
export function battleCompletedData(
  state: SandboxState,
  battle: Battle,
  standings: readonly { userId: string; score: number; submissionTime: number | null; rank: number }[],
): EventData {
  const startedAt = battle.startedAt ?? battle.createdAt;
  const completedAt = battle.completedAt ?? startedAt;
  return {
    object: "battle",
    id: battle.id,
    mode: battle.type,
    difficulty: battle.difficulty,
    problem: problemRef(battleProblem(state, battle)),
    // `submission_time` is an integer in the reference: left out for a player who submitted nothing.
    participants: standings.map((standing) => ({
      user_id: standing.userId,
      username: usernameOf(state, standing.userId),
      score: standing.score,
      ...(standing.submissionTime === null ? {} : { submission_time: standing.submissionTime }),
      rank: standing.rank,
    })),
    winner: battle.winnerId,
    duration: Math.round((completedAt - startedAt) / 1000),
    started_at: toIso(startedAt),
    completed_at: toIso(completedAt),
  };
}

export function battleSubmissionData(state: SandboxState, submission: Submission): EventData {
  return {
    object: "submission",
    id: submission.id,
    battle_id: submission.battleId,
    user: { id: submission.userId, username: usernameOf(state, submission.userId) },
    language: submission.language,
    score: submission.score,
    tests_passed: submission.passed,
    tests_total: submission.total,
    submitted_at: toIso(submission.submittedAt),
  };
}

export function userRegisteredData(user: User): EventData {
  return {
    object: "user",
    id: user.id,
    username: user.username,
    email: user.email,
    rating: user.rating,
    tier: tierForRating(user.rating),
    joined_at: toIso(user.joinedAt),
  };
}

export function profileUpdatedData(user: User, changedFields: readonly string[]): EventData {
  return {
    object: "user",
    id: user.id,
    user: userRef(user),
    changed_fields: [...changedFields],
    profile: {
      display_name: user.displayName,
      bio: user.bio,
      location: user.location,
      website: user.website,
    },
  };
}

export function ratingChangedData(
  user: User,
  change: { oldRating: number; newRating: number; battleId: string },
): EventData {
  return {
    object: "user",
    id: user.id,
    user: userRef(user),
    old_rating: change.oldRating,
    new_rating: change.newRating,
    change: change.newRating - change.oldRating,
    tier: tierForRating(change.newRating),
    previous_tier: tierForRating(change.oldRating),
    battle_id: change.battleId,
  };
}

export interface AchievementDefinition {
  id: string;
  name: string;
  description: string;
  tier: string;
  points: number;
  required: number;
}

/** As the spec shows, with `id` the achievement's id. */
export function achievementEarnedData(
  user: User,
  achievement: AchievementDefinition,
  completedAt: number,
): EventData {
  const { required, ...definition } = achievement;
  return {
    object: "achievement",
    id: achievement.id,
    user: { id: user.id, username: user.username, email: user.email },
    achievement: definition,
    progress: { current: required, required, completed_at: toIso(completedAt) },
  };
}

export function teamCreatedData(state: SandboxState, team: Team): EventData {
  return {
    object: "team",
    id: team.id,
    name: team.name,
    description: team.description,
    owner: { id: team.ownerId, username: usernameOf(state, team.ownerId) },
    is_public: team.isPublic,
    members: team.members.size,
    max_members: team.maxMembers,
    created_at: toIso(team.createdAt),
  };
}

export function memberJoinedData(state: SandboxState, team: Team, userId: string): EventData {
  const member = team.members.get(userId);
  return {
    object: "team",
    id: team.id,
    team: { id: team.id, name: team.name },
    user: { id: userId, username: usernameOf(state, userId) },
    role: member?.role ?? "member",
    members: team.members.size,
    joined_at: toIso(member?.joinedAt ?? team.createdAt),
  };
}

export interface TeamStanding {
  team: Team;
  score: number;
  rank: number;
  memberIds: string[];
}

export function teamBattleCompletedData(battle: Battle, standings: readonly TeamStanding[]): EventData {
  const winners = standings.filter((standing) => standing.rank === 1);
  return {
    object: "battle",
    id: battle.id,
    mode: battle.type,
    teams: standings.map((standing) => ({
      team_id: standing.team.id,
      name: standing.team.name,
      score: standing.score,
      rank: standing.rank,
      members: standing.memberIds,
    })),
    winner_team_id: winners.length === 1 ? (winners[0]?.team.id ?? null) : null,
    completed_at: toIso(battle.completedAt ?? battle.createdAt),
  };
}

export function tournamentStartedData(tournament: Tournament): EventData {
  return {
    object: "tournament",
    id: tournament.id,
    title: tournament.title,
    format: tournament.format,
    difficulty: tournament.difficulty,
    starts_at: toIso(tournament.startTime),
    ends_at: toIso(tournament.endTime),
    participants: tournament.registrations.size,
    max_participants: tournament.maxParticipants,
    prize: tournament.prize,
  };
}

export function maintenanceScheduledData(window: {
  id: string;
  startsAt: number;
  endsAt: number;
  message: string;
}): EventData {
  return {
    object: "maintenance",
    id: window.id,
    starts_at: toIso(window.startsAt),
    ends_at: toIso(window.endsAt),
    message: window.message,
  };
}

export function leaderboardUpdatedData(
  top: readonly { rank: number; user: User }[],
  periodStart: number,
  periodEnd: number,
): EventData {
  return {
    object: "leaderboard",
    id: "global",
    period_start: toIso(periodStart),
    period_end: toIso(periodEnd),
    top: top.map(({ rank, user }) => ({
      rank,
      user_id: user.id,
      username: user.username,
      rating: user.rating,
      tier: tierForRating(user.rating),
    })),
  };
}
