import type { BotDependencies } from "../bot-dependencies.js";
import { defineCommand } from "../../discord/interaction-handlers.js";
import { unlinkMember } from "../../linking/unlink-member.js";
import { unlinkCommand } from "./data.js";

export const unlink = defineCommand<BotDependencies, typeof unlinkCommand>({
  data: unlinkCommand,
  acknowledge: "ephemeral",
  async run(deps, { actor, responder }) {
    const { wasLinked } = await unlinkMember(deps, actor);
    // Outside a server, /unlink removes the personal link (docs/architecture.md, "Personal links").
    const where = actor.guildId === undefined ? "your personal link (outside servers)" : "this server";
    await responder.reply({
      content: wasLinked
        ? `Unlinked. Your platform credentials for ${where} are deleted.`
        : `You had no platform account linked for ${where}.`,
      ephemeral: true,
    });
  },
});
