import type { BotDependencies } from "../bot-dependencies.js";
import { defineCommand } from "../../discord/interaction-handlers.js";
import { linkCommand } from "./data.js";
import { buildLinkPrompt } from "./link-prompt.js";

export const link = defineCommand<BotDependencies, typeof linkCommand>({
  data: linkCommand,
  acknowledge: "ephemeral",
  async run(deps, { actor, interaction, responder }) {
    await responder.reply(await buildLinkPrompt(deps, actor, interaction.token));
  },
});
