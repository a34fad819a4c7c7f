import { submitToBattle, type Language } from "../../api/index.js";
import type { BotDependencies } from "../bot-dependencies.js";
import type { Actor } from "../../discord/interaction-handlers.js";
import type { Reply } from "../../discord/interaction-responder.js";
import { UserFacingError } from "../../discord/user-facing-error.js";
import { getMemberSession } from "../../linking/member-credential.js";
import { explainBattleRefusal } from "./explain-battle-refusal.js";
import { renderSubmissionResult } from "./submission-result.js";

/**
 * POST /battles/{id}/submit as the member; answers with the judged result. A refusal the battle explains (not
 * joined, over) is told as such (explain-battle-refusal.ts).
 */
export async function submitCode(
  deps: BotDependencies,
  actor: Actor,
  input: { readonly battleId: string; readonly language: Language; readonly code: string },
): Promise<Reply> {
  if (input.code.trim() === "") throw new UserFacingError("empty_code", "There is no code to submit.");
  const { link, credential } = await getMemberSession(deps, actor);
  const { battleId } = input;
  const submission = await submitToBattle(deps.platform, credential, battleId, {
    language: input.language,
    code: input.code,
  }).catch(async (error: unknown) => {
    const request = { action: "submit", battleId, platformUserId: link.platformUserId } as const;
    throw (await explainBattleRefusal(deps.platform, credential, request, error)) ?? error;
  });
  return renderSubmissionResult({ battleId, language: input.language, submission });
}
