import type { KnownPlatformEvent } from "./platform-event.js";

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
