import {
  ComponentType,
  TextInputStyle,
  type APIModalInteractionResponseCallbackData,
} from "discord-api-types/v10";
import type { Language } from "../../api/index.js";
import type { BotDependencies } from "../bot-dependencies.js";
import { discordLimits } from "../../discord/discord-limits.js";
import type { ModalHandler } from "../../discord/interaction-handlers.js";
import { plainLabel } from "../../display/platform-text.js";
import { truncateText } from "../../display/truncate-text.js";
import { UserFacingError } from "../../discord/user-facing-error.js";
import { formFile, withFormGivenBack } from "../../discord/give-back-form.js";
import type { Reply } from "../../discord/interaction-responder.js";
import { buildCodeModalId, codeModalPrefix, readCodeModalId } from "../../cards/battle-custom-ids.js";
import { submitCode } from "./submit-code.js";
import { parseLanguage } from "./submission-language.js";

const languageField = "language";
const codeField = "code";

/** The code form (docs/architecture.md, "Commands"): the language, filled in when known, and the code (4000 characters). */
export function renderCodeModal(
  battleId: string,
  language: Language | undefined,
): APIModalInteractionResponseCallbackData {
  return {
    custom_id: buildCodeModalId(battleId),
    // The id comes from a member's option or a card's button: shown as a label (a modal title reads no
    // markdown), then cut, since breaking a mention or a link adds characters.
    title: truncateText(`Submit code to ${plainLabel(battleId)}`, discordLimits.modalTitle),
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.TextInput,
            custom_id: languageField,
            style: TextInputStyle.Short,
            label: "Language",
            placeholder: "javascript, python, java or cpp",
            max_length: 20,
            required: true,
            ...(language === undefined ? {} : { value: language }),
          },
        ],
      },
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.TextInput,
            custom_id: codeField,
            style: TextInputStyle.Paragraph,
            // A label holds 45 characters; the card's description says the same at more length.
            label: "Code (scored by the share of tests passed)",
            placeholder: "Paste your solution. Longer files: /battle submit with a file.",
            max_length: discordLimits.textInputValue,
            required: true,
          },
        ],
      },
    ],
  };
}

/** The submitted code form: checks the language, then submits and answers privately with the result. */
export const codeModal: ModalHandler<BotDependencies> = {
  prefix: codeModalPrefix,
  async run(deps, { actor, params, fields, responder }) {
    const battleId = readCodeModalId(params);
    if (battleId === undefined) throw new UserFacingError("unknown_modal", "This form is no longer active.");
    const language = parseLanguage(fields[languageField] ?? "");
    const code = fields[codeField] ?? "";
    // Deferred first even for a language refused: that answer carries a file, which an edit of the deferred
    // reply sends as Discord takes files, in either interactions mode.
    await responder.defer({ ephemeral: true });
    if (language === undefined) throw unknownLanguage(battleId, code);
    let result: Reply;
    try {
      result = await submitCode(deps, actor, { battleId, language, code });
    } catch (error) {
      throw withCodeAttached(error, code, deps.clock.now());
    }
    await responder.reply(result);
  },
};

const codeAttached =
  "Your code is attached: submit it with `/battle submit` (its `file` option), or press Submit again.";

const codeFile = (code: string) => ({ name: "solution.txt", text: code, note: codeAttached });

/**
 * The code pasted into the form comes back attached, ready for `/battle submit` with a file
 * (give-back-form.ts).
 */
function unknownLanguage(battleId: string, code: string): UserFacingError {
  const message = `That language is not one the platform runs: use javascript, python, java or cpp. ${codeAttached}`;
  return new UserFacingError("unknown_language", message, { content: message, ...formFile(codeFile(code)) });
}

/**
 * The same for a submission refused (the battle not live yet, the member not in it, the platform down): the
 * error the member would have read, with their code attached. An unexpected error is left to the dispatcher.
 */
function withCodeAttached(error: unknown, code: string, now: number): unknown {
  return withFormGivenBack(error, codeFile(code), now);
}
