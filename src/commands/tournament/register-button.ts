import type { BotDependencies } from "../bot-dependencies.js";
import type { ComponentHandler } from "../../discord/interaction-handlers.js";
import { UserFacingError } from "../../discord/user-facing-error.js";
import { readRegisterButton, registerButtonPrefix } from "../../cards/tournament-register-buttons.js";
import { registerMember } from "./register-member.js";
import { requireServer } from "../../discord/require-server.js";

/** A Register button on a `/tournament list` page: whoever presses it registers themselves, answered privately. */
export const registerButton: ComponentHandler<BotDependencies> = {
  prefix: registerButtonPrefix,
  async run(deps, { actor, params, responder }) {
    const tournamentId = readRegisterButton(params);
    if (tournamentId === undefined) {
      throw new UserFacingError("unknown_component", "This button is no longer active.");
    }
    const guildId = requireServer(actor);
    await responder.defer({ ephemeral: true });
    await responder.reply(await registerMember(deps, { ...actor, guildId }, tournamentId));
  },
};
