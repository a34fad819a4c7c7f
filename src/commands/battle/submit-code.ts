import { submitToBattle, type Language } from "../../api/index.js";
import type { BotDependencies } from "../bot-dependencies.js";
import type { Actor } from "../../discord/interaction-handlers.js";
import type { Reply } from "../../discord/interaction-responder.js";
import { UserFacingError } from "../../discord/user-facing-error.js";
import { getMemberSession } from "../../linking/member-credential.js";
import { renderSubmissionResult } from "./submission-result.js";

/** POST /battles/{id}/submit as the member; answers with the judged result. */
export async function submitCode(
  deps: BotDependencies,
  actor: Actor,
  input: { readonly battleId: string; readonly language: Language; readonly code: string },
): Promise<Reply> {
  if (input.code.trim() === "") throw new UserFacingError("empty_code", "There is no code to submit.");
  const { credential } = await getMemberSession(deps, actor);
  const { battleId } = input;
  const submission = await submitToBattle(deps.platform, credential, battleId, {
    language: input.language,
    code: input.code,
  });
  return renderSubmissionResult({ battleId, language: input.language, submission });
}
