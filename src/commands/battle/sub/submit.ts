import type { BotDependencies } from "../../bot-dependencies.js";
import { UserFacingError } from "../../../discord/user-facing-error.js";
import type { BattleOptionsOf, SubcommandContext } from "../battle-arguments.js";
import { readLanguage } from "../battle-settings.js";
import { renderCodeModal } from "../code-modal.js";
import { readCodeAttachment } from "../read-attachment.js";
import { requireLinkedMember } from "../../../linking/require-linked-member.js";
import { readTypedId } from "../../read-typed-id.js";
import { submitCode } from "../submit-code.js";
import { languageOfFile, parseLanguage } from "../submission-language.js";
import type { Language } from "../../../api/index.js";
import { listBattleAnswers } from "../../../store/battle-answers.js";

/**
 * The battle's language as the platform answered when it was created here (battle-answers.ts), so the form
 * opens with it as the card's Submit button's does; undefined for a battle this bot did not see created.
 */
async function readKnownLanguage(deps: BotDependencies, battleId: string): Promise<Language | undefined> {
  const answers = await listBattleAnswers(deps.db, battleId);
  const language = answers.findLast((answer) => answer.language !== undefined)?.language;
  return language === undefined ? undefined : parseLanguage(language);
}

/**
 * `/battle submit id [language] [file]`: the attached file's code, or without a file the code form. The
 * command is acknowledged ephemerally only when a file comes (a modal must be the first answer).
 */
export async function submitToBattleCommand(
  deps: BotDependencies,
  { actor, responder }: SubcommandContext,
  options: BattleOptionsOf<"submit">,
): Promise<void> {
  const battleId = readTypedId(options.id, "battle");
  const chosen = readLanguage(options.language);
  if (options.file === undefined) {
    // Checked before the form opens, so an unlinked member is not asked to paste code first.
    await requireLinkedMember(deps, actor);
    await responder.showModal(renderCodeModal(battleId, chosen ?? (await readKnownLanguage(deps, battleId))));
    return;
  }
  const language = chosen ?? languageOfFile(options.file.filename);
  if (language === undefined) {
    throw new UserFacingError(
      "unknown_language",
      `Could not tell the language of \`${options.file.filename}\`: pick one in the \`language\` option.`,
    );
  }
  const code = await readCodeAttachment(options.file, deps.config.platform.timeoutMs);
  await responder.reply(await submitCode(deps, actor, { battleId, language, code }));
}
