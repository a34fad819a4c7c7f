import { PlatformError } from "../../api/errors.js";
import {
  createBattle,
  type BattleCreateInput,
  type CreatedBattle,
  type PlatformCredential,
  type PlatformHttp,
} from "../../api/index.js";
import { withRequestId } from "../../discord/describe-platform-error.js";
import { UserFacingError } from "../../discord/user-facing-error.js";
import { plainCode } from "../../display/platform-text.js";
import type { BattleCardView } from "../../cards/battle-card.js";
import { readBattleSettings, readDifficulty, type BattleOptions } from "./battle-settings.js";
import { findProblem, memberProblemRead } from "./find-problem.js";
import type { MemberSession } from "../../linking/member-credential.js";
import type { BotDependencies } from "../bot-dependencies.js";

/**
 * The create request for a member's options. A chosen problem without a difficulty takes the problem's own
 * (a battle's difficulty must match its problem), which means looking the problem up first.
 */
export async function resolveBattleSettings(
  deps: Pick<BotDependencies, "platform" | "clock">,
  session: MemberSession,
  options: BattleOptions,
): Promise<BattleCreateInput> {
  const problemId = options.problem?.trim();
  if (problemId === undefined || problemId === "" || options.difficulty !== undefined) {
    return readBattleSettings(options);
  }
  const { problem, searchedAll } = await findProblem(memberProblemRead(deps, session), problemId);
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

/**
 * POST /battles with the member's settings. With both `problem:` and `difficulty:` given the problem is not
 * looked up, so a problem of another difficulty reaches the platform, which refuses its id (400 on the
 * problem's field): the member is told the two must match and how, rather than that a field is not valid.
 * Without `difficulty:` the difficulty is the problem's own, so such a refusal is told as any other.
 */
export async function createBattleWith(
  http: PlatformHttp,
  credential: PlatformCredential,
  settings: BattleCreateInput,
  options: Pick<BattleOptions, "difficulty">,
): Promise<CreatedBattle> {
  try {
    return await createBattle(http, credential, settings);
  } catch (error) {
    if (settings.problemId === undefined || options.difficulty === undefined || !refusedProblem(error))
      throw error;
    throw new UserFacingError(
      "problem_difficulty_mismatch",
      withRequestId(
        `The platform refused problem ${plainCode(settings.problemId)} for a **${settings.difficulty}** battle: ` +
          "it has no problem of that difficulty with that id. A battle's difficulty must match its problem's: " +
          "leave `difficulty:` out to take the problem's own, or set `difficulty:` first and pick the problem " +
          "from the suggestions, which then list only problems of that difficulty.",
        error.requestId,
      ),
    );
  }
}

function refusedProblem(error: unknown): error is PlatformError {
  if (!(error instanceof PlatformError) || error.status !== 400) return false;
  const field = error.details?.field;
  return field === "problemId" || field === "problem_id" || field === "problem";
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
