import type { BotDependencies } from "../bot-dependencies.js";
import { defineCommand } from "../../discord/interaction-handlers.js";
import { runTeamCreate } from "./create-subcommand.js";
import { teamCommand } from "./data.js";
import { runTeamInvite } from "./invite-subcommand.js";
import { suggestTeams } from "./team-autocomplete.js";

/**
 * `/team create|invite` (docs/architecture.md, "Commands"); both answers are ephemeral. An invited member of
 * this server is told in a public follow-up that pings exactly them.
 */
export const team = defineCommand<BotDependencies, typeof teamCommand>({
  data: teamCommand,
  acknowledge: "ephemeral",
  async run(deps, { actor, args, responder }) {
    if (args.subcommand === "create") {
      await responder.reply(await runTeamCreate(deps, actor, args.options));
      return;
    }
    const { reply, notice } = await runTeamInvite(deps, actor, args.options);
    await responder.reply(reply);
    if (notice !== undefined) await responder.followUp(notice);
  },
  async autocomplete(deps, { actor, focused }) {
    return focused.name === "team" ? suggestTeams(deps, actor, focused.value) : [];
  },
});
