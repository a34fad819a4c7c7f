import type { EventKind } from "./event-kinds.js";
import type { KnownPlatformEvent } from "./platform-event.js";

/**
 * The kinds that end a battle: its card shows the result, its thread is archived, no one joins it any more.
 */
export const battleResultKinds: readonly EventKind[] = ["battle.completed", "team.battle_completed"];

export function isBattleResult(kind: string): boolean {
  return (battleResultKinds as readonly string[]).includes(kind);
}

/**
 * The battle whose card an event updates, for the kinds that describe a battle's progress; undefined for
 * the others. Routing uses it to queue card edits, the renderer to gather the card's events.
 */
export function cardBattleId(event: KnownPlatformEvent): string | undefined {
  switch (event.kind) {
    case "battle.created":
    case "battle.started":
    case "battle.completed":
    case "battle.submission":
    case "team.battle_completed":
      return event.data.battleId;
    default:
      return undefined;
  }
}
