import type { BotDependencies } from "../bot-dependencies.js";
import type { ComponentHandler } from "../../discord/interaction-handlers.js";
import { UserFacingError } from "../../discord/user-facing-error.js";
import { answerChallenge } from "./answer-challenge.js";
import { readCardLanguage } from "./read-card-language.js";
import { battleButtonPrefix, readBattleButton } from "../../cards/battle-custom-ids.js";
import { renderCodeModal } from "./code-modal.js";
import { joinAsMember } from "./join-battle.js";
import { requireLinkedMember } from "../../linking/require-linked-member.js";

/** Join / Submit code on a battle card, Accept / Decline on a challenge. */
export const battleButtons: ComponentHandler<BotDependencies> = {
  prefix: battleButtonPrefix,
  async run(deps, context) {
    const { actor, responder, interaction } = context;
    const button = readBattleButton(context.params);
    if (button === undefined)
      throw new UserFacingError("unknown_component", "This button is no longer active.");
    switch (button.action) {
      case "join":
        await responder.defer({ ephemeral: true });
        await responder.reply(await joinAsMember(deps, actor, button.battleId));
        return;
      case "submit":
        await requireLinkedMember(deps, actor);
        await responder.showModal(
          renderCodeModal(button.battleId, readCardLanguage(interaction.message.embeds)),
        );
        return;
      case "accept":
      case "decline":
        await answerChallenge(deps, context, button);
        return;
    }
  },
};
