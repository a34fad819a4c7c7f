// Work that falls due as sandbox time passes: battles whose time is up, tournaments reaching their start
// or end time, and the weekly leaderboard refresh. It runs on every API request, on every clock advance
// and, with a real clock, on a timer set for the next due time (scheduler.ts).
import { newId } from "../ids.js";
import { battleDeadline } from "./battles.js";
import { completeBattle } from "./battle-completion.js";
import type { CoreDeps, EventCause } from "./deps.js";
import { leaderboardRefreshInterval, refreshLeaderboard } from "./system.js";
import { completeTournament, startTournament } from "./tournaments.js";

/** Events caused by time passing carry a request id of their own. */
function timerCause(): EventCause {
  const id = newId("req");
  return { requestId: id, idempotencyKey: id };
}

export function runDueWork(deps: CoreDeps): void {
  const now = deps.clock.now();
  for (const battle of deps.state.battles.values()) {
    const deadline = battleDeadline(battle);
    if (deadline !== null && deadline <= now) completeBattle(deps, timerCause(), battle, deadline);
  }
  for (const tournament of deps.state.tournaments.values()) {
    if (tournament.status === "open" && tournament.startTime <= now)
      startTournament(deps, timerCause(), tournament);
    if (tournament.status === "active" && tournament.endTime <= now) completeTournament(deps, tournament);
  }
  if (deps.state.lastLeaderboardRefresh + leaderboardRefreshInterval <= now)
    refreshLeaderboard(deps, timerCause());
}

/** The earliest sandbox time at which runDueWork has something to do. */
export function nextDueWorkAt(deps: CoreDeps): number {
  let next = deps.state.lastLeaderboardRefresh + leaderboardRefreshInterval;
  for (const battle of deps.state.battles.values()) {
    const deadline = battleDeadline(battle);
    if (deadline !== null) next = Math.min(next, deadline);
  }
  for (const tournament of deps.state.tournaments.values()) {
    if (tournament.status === "open") next = Math.min(next, tournament.startTime);
    if (tournament.status === "active") next = Math.min(next, tournament.endTime);
  }
  return next;
}
