import type { BotDependencies } from "../bot-dependencies.js";
import { readActivityPeriod } from "../../display/activity-period.js";
import { defineCommand } from "../../discord/interaction-handlers.js";
import { deferPublicAnswer } from "../../linking/require-linked-member.js";
import { renderPageWithButtons } from "../../discord/pagination.js";
import { leaderboardCommand } from "./data.js";
import { globalLeaderboardList } from "./global-leaderboard-list.js";
import { serverLeaderboardList, serverListQuery } from "./server-leaderboard-list.js";

/**
 * `/leaderboard global [page]` and `/leaderboard server [period]`: public lists, paginated with ◀ ▶. The
 * period rides in the buttons' query, so every page ranks over the same kind of period.
 */
export const leaderboard = defineCommand<BotDependencies, typeof leaderboardCommand>({
  data: leaderboardCommand,
  // The global list is read with the member's credential: deferred by the handler, after the link check
  // (docs/architecture.md, "Commands"). The server's comes from the read models, for anyone, deferred at once
  // since it asks Discord which members are still here (docs/architecture.md, "The weekly digest").
  acknowledge: (args) => (args.subcommand === "global" ? "none" : "public"),
  serverOnly: (args) => args.subcommand === "server",
  async run(deps, { actor, args, responder }) {
    if (args.subcommand === "global") await deferPublicAnswer(deps, actor, responder);
    const [list, query, page] =
      args.subcommand === "global"
        ? [globalLeaderboardList, "", (args.options.page ?? 1) - 1]
        : [serverLeaderboardList, serverListQuery(readActivityPeriod(args.options.period)), 0];
    await responder.reply(await renderPageWithButtons(deps, list, { actor, query, page }));
  },
});
