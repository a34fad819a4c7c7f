import type { BotDependencies } from "../bot-dependencies.js";
import { defineCommand } from "../../discord/interaction-handlers.js";
import { renderPageWithButtons } from "../../discord/pagination.js";
import { leaderboardCommand } from "./data.js";
import { globalLeaderboardList } from "./global-leaderboard-list.js";
import { serverLeaderboardList } from "./server-leaderboard-list.js";

/** `/leaderboard global [page]` and `/leaderboard server`: public lists, paginated with ◀ ▶. */
export const leaderboard = defineCommand<BotDependencies, typeof leaderboardCommand>({
  data: leaderboardCommand,
  acknowledge: "public",
  async run(deps, { actor, args, responder }) {
    const [list, page] =
      args.subcommand === "global"
        ? [globalLeaderboardList, (args.options.page ?? 1) - 1]
        : [serverLeaderboardList, 0];
    await responder.reply(await renderPageWithButtons(deps, list, { actor, query: "", page }));
  },
});
