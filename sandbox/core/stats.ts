// Statistics and battle results of one user, computed from the battles held in state.
import type { Battle, BattleParticipant, SandboxState } from "../state.js";

export interface UserStats {
  totalBattles: number;
  wins: number;
  losses: number;
  winRate: number;
  averageTime: number;
  rating: number;
  ratingChange: string;
}

export function participantOf(battle: Battle, userId: string): BattleParticipant | undefined {
  return battle.participants.find((participant) => participant.userId === userId);
}

/** Seconds from the battle's start to the user's best submission (earliest among equal scores). */
export function bestSubmissionSeconds(battle: Battle, userId: string): number | null {
  const best = bestSubmission(battle, userId);
  if (best === undefined) return null;
  return Math.round((best.submittedAt - (battle.startedAt ?? battle.createdAt)) / 1000);
}

export function bestSubmission(battle: Battle, userId: string): Battle["submissions"][number] | undefined {
  let best: Battle["submissions"][number] | undefined;
  for (const submission of battle.submissions) {
    if (submission.userId !== userId) continue;
    if (best === undefined || submission.score > best.score) best = submission;
  }
  return best;
}

export function completedBattlesOf(state: SandboxState, userId: string, since: number): Battle[] {
  return [...state.battles.values()].filter(
    (battle) =>
      battle.status === "completed" &&
      (battle.completedAt ?? 0) >= since &&
      participantOf(battle, userId) !== undefined,
  );
}

/** `since` is the start of the timeframe (ms epoch); `ratingChange` is signed, e.g. "+24" or "-8". */
export function computeStats(state: SandboxState, userId: string, since: number): UserStats {
  const battles = completedBattlesOf(state, userId, since);
  const results = battles.map((battle) => participantOf(battle, userId)?.result);
  const wins = results.filter((result) => result === "won").length;
  const losses = results.filter((result) => result === "lost").length;
  const times = battles
    .map((battle) => bestSubmissionSeconds(battle, userId))
    .filter((seconds): seconds is number => seconds !== null);
  const rating = state.users.get(userId)?.rating ?? 0;
  const change = rating - ratingAt(state, userId, since);
  return {
    totalBattles: battles.length,
    wins,
    losses,
    winRate: battles.length === 0 ? 0 : Math.round((wins / battles.length) * 10_000) / 10_000,
    averageTime: times.length === 0 ? 0 : Math.round(times.reduce((a, b) => a + b, 0) / times.length),
    rating,
    ratingChange: change >= 0 ? `+${change}` : `${change}`,
  };
}

/** The rating the user had at `at`: the last history point at or before it, else the first one. */
export function ratingAt(state: SandboxState, userId: string, at: number): number {
  const history = state.ratingHistory.get(userId) ?? [];
  let rating = history[0]?.rating ?? state.users.get(userId)?.rating ?? 0;
  for (const point of history) {
    if (point.at > at) break;
    rating = point.rating;
  }
  return rating;
}
