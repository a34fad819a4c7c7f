import type { BotDependencies } from "../bot-dependencies.js";
import { defineCommand } from "../../discord/interaction-handlers.js";
import type { BattleArguments } from "./battle-arguments.js";
import { completeBattleOption } from "./battle-autocomplete.js";
import { battleCommand } from "./data.js";
import { challengeMember } from "./sub/challenge.js";
import { createBattleCard } from "./sub/create.js";
import { showBattleHistory } from "./sub/history.js";
import { runBattleJoin } from "./sub/join.js";
import { showBattleStatus } from "./sub/status.js";
import { submitToBattleCommand } from "./sub/submit.js";

/**
 * How each subcommand is acknowledged. Public answers (a card, a challenge, `public:true`) are deferred by the
 * handler once the member is known to be linked; `submit` without a file answers with a modal.
 */
function acknowledge(args: BattleArguments) {
  switch (args.subcommand) {
    case "create":
    case "challenge":
      return "none";
    case "submit":
      return args.options.file === undefined ? "none" : "ephemeral";
    case "status":
    case "history":
      return args.options.public === true ? "none" : "ephemeral";
    case "join":
      return "ephemeral";
  }
}

export const battle = defineCommand<BotDependencies, typeof battleCommand>({
  data: battleCommand,
  acknowledge,
  // Only the member's own history reads nothing of a server (docs/architecture.md, "Outside a server").
  serverOnly: (args) => args.subcommand !== "history",
  async run(deps, context) {
    const { args } = context;
    switch (args.subcommand) {
      case "create":
        return createBattleCard(deps, context, args.options);
      case "challenge":
        return challengeMember(deps, context, args.options);
      case "join":
        return runBattleJoin(deps, context, args.options);
      case "submit":
        return submitToBattleCommand(deps, context, args.options);
      case "status":
        return showBattleStatus(deps, context, args.options);
      case "history":
        return showBattleHistory(deps, context, args.options);
    }
  },
  autocomplete: completeBattleOption,
});
