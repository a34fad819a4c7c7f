// The event kinds the platform sends, written from its API reference ("Events › Event kinds"), kept apart
// from the bot's own list so that a misspelled kind on one side is caught by the contract tests.
export const eventKinds = [
  // Battle
  "battle.created",
  "battle.started",
  "battle.completed",
  "battle.submission",
  // User
  "user.registered",
  "user.profile_updated",
  "user.achievement_earned",
  "user.rating_changed",
  // Team
  "team.created",
  "team.member_joined",
  "team.battle_completed",
  // System
  "system.maintenance_scheduled",
  "system.tournament_started",
  "system.leaderboard_updated",
] as const;

export type EventKind = (typeof eventKinds)[number];

/** `tournament.started` appears in the reference's registration example; the sandbox treats it as the system kind. */
const aliases: Readonly<Record<string, EventKind>> = { "tournament.started": "system.tournament_started" };

export function canonicalEventKind(value: string): EventKind | undefined {
  if ((eventKinds as readonly string[]).includes(value)) return value as EventKind;
  return Object.hasOwn(aliases, value) ? aliases[value] : undefined;
}
