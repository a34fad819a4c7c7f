import type { BotDependencies } from "../bot-dependencies.js";
import { defineCommand } from "../../discord/interaction-handlers.js";
import { runTeamCreate } from "./create-subcommand.js";
import { teamCommand } from "./data.js";
import { runTeamInvite } from "./invite-subcommand.js";

/** `/team create|invite` (docs/architecture.md, "Commands"); both answers are ephemeral. */
export const team = defineCommand<BotDependencies, typeof teamCommand>({
  data: teamCommand,
  acknowledge: "ephemeral",
  async run(deps, { actor, args, responder }) {
    const reply =
      args.subcommand === "create"
        ? await runTeamCreate(deps, actor, args.options)
        : await runTeamInvite(deps, actor, args.options);
    await responder.reply(reply);
  },
});
