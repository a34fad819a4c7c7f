import { battleStatuses } from "../../../api/index.js";
import type { BotDependencies } from "../../bot-dependencies.js";
import { renderPageWithButtons } from "../../../discord/pagination.js";
import { deferPublicAnswer } from "../../../linking/require-linked-member.js";
import type { BattleOptionsOf, SubcommandContext } from "../battle-arguments.js";
import { battleHistoryPages, defaultHistoryPageSize, encodeHistoryQuery } from "../battle-history.js";

/** `/battle history [status] [limit]`: the member's battles, private unless they ask `public:true`. */
export async function showBattleHistory(
  deps: BotDependencies,
  { actor, responder }: SubcommandContext,
  options: BattleOptionsOf<"history">,
): Promise<void> {
  const shared = options.public === true;
  if (shared) await deferPublicAnswer(deps, actor, responder);
  const query = encodeHistoryQuery({
    status: battleStatuses.find((candidate) => candidate === options.status),
    pageSize: options.limit ?? defaultHistoryPageSize,
    shared,
  });
  await responder.reply(await renderPageWithButtons(deps, battleHistoryPages, { actor, query, page: 0 }));
}
