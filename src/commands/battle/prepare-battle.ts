import type { BattleCreateInput, CreatedBattle, PlatformCredential, PlatformHttp } from "../../api/index.js";
import { UserFacingError } from "../../discord/user-facing-error.js";
import type { BattleCardView } from "../../cards/battle-card.js";
import { readBattleSettings, readDifficulty, type BattleOptions } from "./battle-settings.js";
import { findProblem } from "./find-problem.js";

/**
 * The create request for a member's options. A chosen problem without a difficulty takes the problem's own
 * (a battle's difficulty must match its problem), which means looking the problem up first.
 */
export async function resolveBattleSettings(
  http: PlatformHttp,
  credential: PlatformCredential,
  options: BattleOptions,
): Promise<BattleCreateInput> {
  const problemId = options.problem?.trim();
  if (problemId === undefined || problemId === "" || options.difficulty !== undefined) {
    return readBattleSettings(options);
  }
  const { problem, searchedAll } = await findProblem(http, credential, problemId);
  if (problem === undefined && !searchedAll) {
    // The platform lists more problems than are read for one command: this one may be further on.
    throw new UserFacingError(
      "problem_not_found_nearby",
      "I couldn't find that problem among the first problems the platform lists, so I can't tell its difficulty. Run the command again with `difficulty:` set to the problem's difficulty.",
    );
  }
  if (problem === undefined) {
    throw new UserFacingError(
      "unknown_problem",
      "The platform has no problem with that id. Pick one from the suggestions.",
    );
  }
  return readBattleSettings(options, readDifficulty(problem.difficulty));
}

/** The card of a battle just created: the platform's answer plus what the member asked for. */
export function viewOfCreatedBattle(
  battle: CreatedBattle,
  settings: BattleCreateInput,
  createdBy: string,
): BattleCardView {
  return {
    battleId: battle.id,
    status: battle.status,
    type: battle.type,
    problem: battle.problem,
    language: settings.language,
    timeLimit: settings.timeLimit,
    maxParticipants: settings.participants,
    participants: [],
    createdBy,
  };
}
