// An open tournament as a read of the platform's list asks the store to show it (src/store/tournament-events.ts):
// what the tournament event tests sync, each starting at its own time and lasting two hours.
import type { WantedTournamentEvent } from "../../../src/store/tournament-events.js";

const hour = 3_600_000;

export function wantedTournamentEvent(id: string, startsAt: number): WantedTournamentEvent {
  return {
    tournamentId: id,
    name: `Cup ${id}`,
    description: "Format: elimination",
    location: `Register with /tournament register id:${id}`,
    startsAt,
    endsAt: startsAt + 2 * hour,
  };
}
