import type { BotDependencies } from "../bot-dependencies.js";
import { defineCommand } from "../../discord/interaction-handlers.js";
import { tournamentCommand } from "./data.js";
import { acknowledgeLeaderboard, runTournamentLeaderboard } from "./sub/leaderboard.js";
import { runTournamentList } from "./sub/list.js";
import { runTournamentRegister } from "./sub/register.js";
import { suggestTournaments } from "./tournament-autocomplete.js";

/** `/tournament list|register|leaderboard` (docs/architecture.md, "Commands"). */
export const tournament = defineCommand<BotDependencies, typeof tournamentCommand>({
  data: tournamentCommand,
  acknowledge: (args) => {
    switch (args.subcommand) {
      case "list":
        return "none";
      case "register":
        return "ephemeral";
      case "leaderboard":
        return acknowledgeLeaderboard(args.options);
    }
  },
  async run(deps, { actor, args, responder }) {
    switch (args.subcommand) {
      case "list":
        await runTournamentList(deps, { actor, responder }, args.options);
        return;
      case "register":
        await runTournamentRegister(deps, { actor, responder }, args.options);
        return;
      case "leaderboard":
        await runTournamentLeaderboard(deps, { actor, responder }, args.options);
        return;
    }
  },
  async autocomplete(deps, { actor, subcommand, focused }) {
    if (focused.name !== "id") return [];
    const status = subcommand === "register" ? "open" : undefined;
    return suggestTournaments(deps, actor, { typed: focused.value, status });
  },
});
