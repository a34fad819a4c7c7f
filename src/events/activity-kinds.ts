// The kinds the weekly digest is made from (docs/architecture.md, "The weekly digest"): a server that
// subscribes to the leaderboard refresh needs these delivered too, even if it posts none of them.
import type { EventKind } from "./event-kinds.js";

export const activityEventKinds = [
  "battle.completed",
  "team.battle_completed",
  "user.rating_changed",
  "user.achievement_earned",
] as const satisfies readonly EventKind[];

/** The kinds a subscription to `kinds` needs the platform to send: the digest's sources with the refresh. */
export function addDigestSources(kinds: readonly EventKind[]): EventKind[] {
  return kinds.includes("system.leaderboard_updated") ? [...kinds, ...activityEventKinds] : [...kinds];
}
