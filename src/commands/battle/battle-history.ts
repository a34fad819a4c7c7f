import { battleStatuses, listBattles, listLimitBounds, type BattleStatus } from "../../api/index.js";
import type { BotDependencies } from "../bot-dependencies.js";
import type { PaginatedList } from "../../discord/pagination.js";
import { getMemberSession } from "../../linking/member-credential.js";
import { renderBattleHistoryPage } from "./battle-history-page.js";

export const defaultHistoryPageSize = 10;

interface HistoryQuery {
  readonly status: BattleStatus | undefined;
  readonly pageSize: number;
  readonly shared: boolean;
}

/** The query the ◀ ▶ buttons carry, e.g. `completed.10.e` (custom ids hold 100 characters). */
export function encodeHistoryQuery(query: HistoryQuery): string {
  return `${query.status ?? "all"}.${query.pageSize}.${query.shared ? "p" : "e"}`;
}

export function decodeHistoryQuery(text: string): HistoryQuery {
  const [status, size, visibility] = text.split(".");
  const pageSize = Number(size);
  return {
    status: battleStatuses.find((candidate) => candidate === status),
    pageSize:
      Number.isInteger(pageSize) && pageSize >= 1 && pageSize <= 25 ? pageSize : defaultHistoryPageSize,
    shared: visibility === "p",
  };
}

/**
 * The pages of `/battle history`. GET /battles takes only `status` and `limit` (the platform's API
 * reference), so a page is read as the first (page + 1) × size battles plus one, which tells whether ▶ leads
 * anywhere; the largest `limit` (100) caps how far back the pages go.
 */
export const battleHistoryPages: PaginatedList<BotDependencies> = {
  name: "battles",
  async renderPage(deps, { actor, query, page }) {
    const { status, pageSize, shared } = decodeHistoryQuery(query);
    const { credential } = await getMemberSession(deps, actor);
    const shown = (page + 1) * pageSize;
    const list = await listBattles(deps.platform, credential, {
      status,
      limit: Math.min(listLimitBounds.max, shown + 1),
    });
    const reply = renderBattleHistoryPage({
      battles: list.battles.slice(page * pageSize, shown),
      page,
      pageSize,
      total: list.total,
      reachable: listLimitBounds.max,
      status,
      ephemeral: !shared,
      inServer: actor.guildId !== undefined,
    });
    return { reply, hasMore: list.battles.length > shown };
  },
};
