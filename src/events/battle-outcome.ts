// How a battle ended for one player or team, read the way the battle announcements show it
// (docs/architecture.md, "Rendering"): the winner the platform names, a draw when it says there is none (but
// for a battle of one player, who then lost: there was nobody to draw with), and the sole first place when it
// is silent.
import type { BattleCompletedData } from "./event-data/battle-events.js";
import type { TeamBattleCompletedData } from "./event-data/team-events.js";

export type BattleOutcome = "won" | "lost" | "draw";

/** A battle of one player that the platform says nobody won: that player lost, with nobody to draw with. */
export function isLostAlone(data: BattleCompletedData): boolean {
  return data.winner === null && data.participants.length === 1;
}

/** The outcome for `userId`; undefined when the event names no winner and no single first place. */
export function readPlayerOutcome(data: BattleCompletedData, userId: string): BattleOutcome | undefined {
  if (data.winner === null) return isLostAlone(data) ? "lost" : "draw";
  const firsts = data.participants.filter((player) => player.rank === 1).map((player) => player.userId);
  return readOutcome(data.winner, firsts, userId);
}

/** The outcome for the team `teamId`, read like a player's. */
export function readTeamOutcome(data: TeamBattleCompletedData, teamId: string): BattleOutcome | undefined {
  if (data.winnerTeamId === null) return "draw";
  const firsts = data.teams.filter((team) => team.rank === 1).map((team) => team.teamId);
  return readOutcome(data.winnerTeamId, firsts, teamId);
}

/**
 * Who won, as the announcements show it: the winner the platform names, a draw when it says there is none or
 * several share first place, the sole first place when it names nobody; undefined when nothing tells.
 */
export function readWinner(
  winner: string | null | undefined,
  firsts: readonly string[],
): { readonly draw: true } | { readonly draw: false; readonly id: string } | undefined {
  if (winner === null || (winner === undefined && firsts.length > 1)) return { draw: true };
  const id = winner ?? (firsts.length === 1 ? firsts[0] : undefined);
  return id === undefined ? undefined : { draw: false, id };
}

function readOutcome(
  winner: string | undefined,
  firsts: readonly string[],
  id: string,
): BattleOutcome | undefined {
  if (winner !== undefined) return winner === id ? "won" : "lost";
  if (firsts.length === 1) return firsts[0] === id ? "won" : "lost";
  if (firsts.length > 1) return firsts.includes(id) ? "draw" : "lost";
  return undefined;
}
