// Achievements are the sandbox's own (the spec shows only the event's shape). Each is earned once.
import type { User } from "../state.js";
import { achievementEarnedData, type AchievementDefinition } from "../webhooks/event-data.js";
import type { CoreDeps, EventCause } from "./deps.js";
import { completedBattlesOf, participantOf } from "./stats.js";

export const achievements = {
  firstVictory: {
    id: "ach_first_victory",
    name: "First Victory",
    description: "Win a battle",
    tier: "bronze",
    points: 10,
    required: 1,
  },
  perfectScore: {
    id: "ach_perfect_score",
    name: "Flawless",
    description: "Pass every test of a problem in a battle",
    tier: "silver",
    points: 25,
    required: 1,
  },
  veteran: {
    id: "ach_battle_veteran",
    name: "Battle Veteran",
    description: "Complete 10 battles",
    tier: "gold",
    points: 50,
    required: 10,
  },
} as const satisfies Record<string, AchievementDefinition>;

function award(
  deps: CoreDeps,
  cause: EventCause,
  user: User,
  achievement: AchievementDefinition,
  at: number,
): void {
  const key = `${user.id}:${achievement.id}`;
  if (deps.state.achievements.has(key)) return;
  deps.state.achievements.add(key);
  deps.publish("user.achievement_earned", achievementEarnedData(user, achievement, at), cause);
}

export function awardPerfectScore(deps: CoreDeps, cause: EventCause, user: User, at: number): void {
  award(deps, cause, user, achievements.perfectScore, at);
}

/** Checked for every participant when a battle completes. */
export function awardBattleAchievements(deps: CoreDeps, cause: EventCause, user: User, at: number): void {
  const battles = completedBattlesOf(deps.state, user.id, 0);
  const wins = battles.filter((battle) => participantOf(battle, user.id)?.result === "won").length;
  if (wins >= achievements.firstVictory.required) award(deps, cause, user, achievements.firstVictory, at);
  if (battles.length >= achievements.veteran.required) award(deps, cause, user, achievements.veteran, at);
}
