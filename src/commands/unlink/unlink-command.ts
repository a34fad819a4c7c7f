import type { BotDependencies } from "../bot-dependencies.js";
import { defineCommand } from "../../discord/interaction-handlers.js";
import { unlinkMember } from "../../linking/unlink-member.js";
import { unlinkCommand } from "./data.js";

export const unlink = defineCommand<BotDependencies, typeof unlinkCommand>({
  data: unlinkCommand,
  acknowledge: "ephemeral",
  async run(deps, { actor, responder }) {
    const { wasLinked } = await unlinkMember(deps, actor);
    await responder.reply({
      content: wasLinked
        ? "Unlinked. Your platform credentials for this server are deleted."
        : "You had no platform account linked in this server.",
      ephemeral: true,
    });
  },
});
