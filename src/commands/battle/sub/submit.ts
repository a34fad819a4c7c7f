import type { BotDependencies } from "../../bot-dependencies.js";
import { UserFacingError } from "../../../discord/user-facing-error.js";
import type { BattleOptionsOf, SubcommandContext } from "../battle-arguments.js";
import { readLanguage } from "../battle-settings.js";
import { renderCodeModal } from "../code-modal.js";
import { readCodeAttachment } from "../read-attachment.js";
import { requireLinkedMember } from "../../../linking/require-linked-member.js";
import { submitCode } from "../submit-code.js";
import { languageOfFile } from "../submission-language.js";

/**
 * `/battle submit id [language] [file]`: the attached file's code, or without a file the code form. The
 * command is acknowledged ephemerally only when a file comes (a modal must be the first answer).
 */
export async function submitToBattleCommand(
  deps: BotDependencies,
  { actor, responder }: SubcommandContext,
  options: BattleOptionsOf<"submit">,
): Promise<void> {
  const chosen = readLanguage(options.language);
  if (options.file === undefined) {
    // Checked before the form opens, so an unlinked member is not asked to paste code first.
    await requireLinkedMember(deps, actor);
    await responder.showModal(renderCodeModal(options.id.trim(), chosen));
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
  await responder.reply(await submitCode(deps, actor, { battleId: options.id, language, code }));
}
