// System events: the weekly leaderboard refresh and announced maintenance windows.
import { newId } from "../ids.js";
import { leaderboardUpdatedData, maintenanceScheduledData } from "../webhooks/event-data.js";
import type { CoreDeps, EventCause } from "./deps.js";
import { rankUsers } from "./leaderboards.js";

export const leaderboardRefreshInterval = 7 * 24 * 60 * 60 * 1000;

/** Emits `system.leaderboard_updated` with the top ten and starts a new weekly period. */
export function refreshLeaderboard(deps: CoreDeps, cause: EventCause): void {
  const now = deps.clock.now();
  const top = rankUsers(deps.state).slice(0, 10);
  deps.publish(
    "system.leaderboard_updated",
    leaderboardUpdatedData(top, deps.state.lastLeaderboardRefresh, now),
    cause,
  );
  deps.state.lastLeaderboardRefresh = now;
}

export function scheduleMaintenance(
  deps: CoreDeps,
  cause: EventCause,
  input: { startsAt: number; durationMinutes: number; message: string },
): string {
  const id = newId("mnt");
  const endsAt = input.startsAt + input.durationMinutes * 60_000;
  deps.publish("system.maintenance_scheduled", maintenanceScheduledData({ id, endsAt, ...input }), cause);
  return id;
}
