// Fills a sandbox with finished tournaments that started before every seeded one, so they come first in the
// sandbox's own order (oldest start first) and push the current tournaments past the first page of 100.
import type { SandboxState } from "../../../sandbox/state.js";

const day = 86_400_000;

export function addPastTournaments(state: SandboxState, count: number): void {
  const earliest = Math.min(...[...state.tournaments.values()].map((tournament) => tournament.startTime));
  for (let index = 0; index < count; index += 1) {
    const startTime = earliest - (count - index) * day;
    const id = `trn_past${index}`;
    state.tournaments.set(id, {
      id,
      title: `Past Cup ${index}`,
      format: "swiss",
      difficulty: "medium",
      status: "completed",
      startTime,
      endTime: startTime + 3_600_000,
      maxParticipants: 32,
      prize: "$10",
      registrations: new Map(),
      results: new Map(),
    });
  }
}
