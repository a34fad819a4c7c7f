// The global leaderboard and rank info, from current ratings and completed battles.
import type { SandboxState, User } from "../state.js";
import { completedBattlesOf, participantOf } from "./stats.js";

export interface Ranking {
  rank: number;
  user: User;
  winRate: number;
  battlesWon: number;
}

/** Everyone by rating (then username); equal ratings share a rank (1, 2, 2, 4). */
export function rankUsers(state: SandboxState): Ranking[] {
  const users = [...state.users.values()].sort(
    (a, b) => b.rating - a.rating || a.username.localeCompare(b.username),
  );
  const rankings: Ranking[] = [];
  users.forEach((user, index) => {
    const previous = rankings[index - 1];
    const battles = completedBattlesOf(state, user.id, 0);
    const battlesWon = battles.filter((battle) => participantOf(battle, user.id)?.result === "won").length;
    rankings.push({
      rank: previous !== undefined && previous.user.rating === user.rating ? previous.rank : index + 1,
      user,
      winRate: battles.length === 0 ? 0 : Math.round((battlesWon / battles.length) * 10_000) / 10_000,
      battlesWon,
    });
  });
  return rankings;
}

/** Percentile: the share of users ranked below, 0–100, one decimal (rank 1 of 10 → 90). */
export function percentileOf(rank: number, total: number): number {
  return total === 0 ? 0 : Math.round((1000 * (total - rank)) / total) / 10;
}

/** One point per day (the last rating of that day), oldest first, dates as YYYY-MM-DD. */
export function dailyRatingHistory(state: SandboxState, userId: string): { date: string; rating: number }[] {
  const byDay = new Map<string, number>();
  for (const point of state.ratingHistory.get(userId) ?? []) {
    byDay.set(new Date(point.at).toISOString().slice(0, 10), point.rating);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, rating]) => ({ date, rating }));
}
