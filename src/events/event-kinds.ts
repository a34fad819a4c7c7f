// Every event kind the platform sends (the platform's API reference, Events). One list used by the webhook
// receiver, the renderers, `/subscribe` and the sandbox (docs/conventions.md, habit 7).
export const eventKinds = [
  "battle.created",
  "battle.started",
  "battle.completed",
  "battle.submission",
  "user.registered",
  "user.profile_updated",
  "user.achievement_earned",
  "user.rating_changed",
  "team.created",
  "team.member_joined",
  "team.battle_completed",
  "system.maintenance_scheduled",
  "system.tournament_started",
  "system.leaderboard_updated",
] as const;

export type EventKind = (typeof eventKinds)[number];

/** Kinds the platform may send under another name; the general reference subscribes to `tournament.started`. */
export const eventKindAliases: Readonly<Record<string, EventKind>> = {
  "tournament.started": "system.tournament_started",
};

export function isEventKind(value: string): value is EventKind {
  return (eventKinds as readonly string[]).includes(value);
}

/** The canonical kind for a name the platform sent, or undefined for a kind we do not know. */
export function canonicalEventKind(value: string): EventKind | undefined {
  // hasOwn: a kind named like an Object.prototype member ("valueOf") must not resolve to it.
  if (isEventKind(value)) return value;
  return Object.hasOwn(eventKindAliases, value) ? eventKindAliases[value] : undefined;
}

/** The kinds and every other name the platform may send them under (the inbox keeps a kind as sent). */
export function namesSentFor(kinds: readonly string[]): string[] {
  const aliases = Object.entries(eventKindAliases).filter(([, kind]) => kinds.includes(kind));
  return [...kinds, ...aliases.map(([alias]) => alias)];
}
