// `finish` and `start-tournament`: the platform acts on its own (time is up, a tournament begins) and its
// webhook tells the bot. Without an id they pick the obvious one, so a newcomer need not copy ids around.
import type { Sandbox } from "../sandbox/sandbox.js";

/** Ends a battle now: the one named, else the newest battle still running. Returns its id. */
export function finishBattle(sandbox: Sandbox, battleId: string | undefined): string {
  const id =
    battleId ?? newestOf([...sandbox.state.battles.values()].filter((b) => b.status !== "completed"));
  if (id === undefined) throw new Error("No battle is running; start one with /battle create");
  sandbox.control.finishBattle(id);
  return id;
}

/** Starts a tournament now: the one named, else the open one that starts soonest. Returns its title. */
export function startTournament(sandbox: Sandbox, tournamentId: string | undefined): string {
  const open = [...sandbox.state.tournaments.values()]
    .filter((tournament) => tournament.status === "open")
    .sort((a, b) => a.startTime - b.startTime);
  const tournament =
    tournamentId === undefined ? open[0] : (sandbox.state.tournaments.get(tournamentId) ?? undefined);
  if (tournament === undefined) {
    throw new Error(
      tournamentId === undefined
        ? "No open tournament is left to start"
        : `No tournament "${tournamentId}"; see /tournament list`,
    );
  }
  sandbox.control.startTournament(tournament.id);
  return `${tournament.title} (${tournament.id})`;
}

function newestOf(battles: readonly { id: string; createdAt: number }[]): string | undefined {
  return [...battles].sort((a, b) => b.createdAt - a.createdAt)[0]?.id;
}
