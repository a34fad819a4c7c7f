// What admins read instead of raw event kinds, in /subscribe, /subscriptions and /setup. A Record over
// EventKind so a kind added to src/events/event-kinds.ts cannot be left without a label.
import { eventKinds, type EventKind } from "../events/event-kinds.js";

export const eventKindLabels: Readonly<Record<EventKind, string>> = {
  "battle.created": "Battles created",
  "battle.started": "Battles started",
  "battle.completed": "Battle results",
  "battle.submission": "Battle submissions",
  "user.registered": "New users",
  "user.profile_updated": "Profile updates",
  "user.achievement_earned": "Achievements",
  "user.rating_changed": "Rating changes",
  "team.created": "Teams created",
  "team.member_joined": "Team members joined",
  "team.battle_completed": "Team battle results",
  "system.maintenance_scheduled": "Maintenance notices",
  "system.tournament_started": "Tournament starts",
  "system.leaderboard_updated": "Leaderboard updates",
};

/** Kinds in the order of the one list, without repeats. */
export function sortEventKinds(kinds: Iterable<EventKind>): EventKind[] {
  const wanted = new Set(kinds);
  return eventKinds.filter((kind) => wanted.has(kind));
}

/** "Battle results, Rating changes", or "all events" when every kind is there. */
export function describeEventKinds(kinds: readonly EventKind[]): string {
  if (kinds.length === 0) return "no events";
  const sorted = sortEventKinds(kinds);
  if (sorted.length === eventKinds.length) return "all events";
  return sorted.map((kind) => eventKindLabels[kind]).join(", ");
}
