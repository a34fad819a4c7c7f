// Fills a sandbox with many tournaments: finished ones that started before every seeded one, so they come
// first in the sandbox's own order (oldest start first) and push the current tournaments past the first page
// of 100, or open ones starting after a given time.
import type { SandboxState, Tournament } from "../../../sandbox/state.js";

const day = 86_400_000;
const hour = 3_600_000;

export function addPastTournaments(state: SandboxState, count: number): void {
  const earliest = Math.min(...[...state.tournaments.values()].map((tournament) => tournament.startTime));
  addTournaments(state, count, (index) => ({
    id: `trn_past${index}`,
    title: `Past Cup ${index}`,
    status: "completed",
    startTime: earliest - (count - index) * day,
  }));
}

/** `count` open tournaments, an hour apart from an hour after `from`. */
export function addOpenTournaments(state: SandboxState, count: number, from: number): void {
  addTournaments(state, count, (index) => ({
    id: `trn_later${index}`,
    title: `Later Cup ${index}`,
    status: "open",
    startTime: from + (index + 1) * hour,
  }));
}

function addTournaments(
  state: SandboxState,
  count: number,
  describe: (index: number) => Pick<Tournament, "id" | "title" | "status" | "startTime">,
): void {
  for (let index = 0; index < count; index += 1) {
    const tournament = describe(index);
    state.tournaments.set(tournament.id, {
      ...tournament,
      format: "swiss",
      difficulty: "medium",
      endTime: tournament.startTime + hour,
      maxParticipants: 32,
      prize: "$10",
      registrations: new Map(),
      results: new Map(),
    });
  }
}
