// Whether a route has its channel's battle and tournament updates in threads (docs/architecture.md,
// "Routing", "Posting"): unless it chose `battle-updates:channel`, a tournament start it posts starts one, and
// its battle events and rating changes go into the battle's or the tournament's thread.
import type { EventKind } from "../../events/event-kinds.js";
import type { Subscription } from "../../store/subscriptions.js";

const threadedKinds: ReadonlySet<EventKind> = new Set<EventKind>([
  "battle.created",
  "battle.started",
  "battle.submission",
  "battle.completed",
  "team.battle_completed",
  "user.rating_changed",
  "system.tournament_started",
]);

export function usesThreads(route: Pick<Subscription, "eventKinds" | "filters">): boolean {
  return (
    route.filters.battleUpdates !== "channel" && route.eventKinds.some((kind) => threadedKinds.has(kind))
  );
}
