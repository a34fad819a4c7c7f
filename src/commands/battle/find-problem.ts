import {
  listProblems,
  listLimitBounds,
  type PlatformCredential,
  type PlatformHttp,
  type ProblemSummary,
} from "../../api/index.js";
import type { Clock } from "../../clock.js";
import { withinBudget } from "../../discord/within-budget.js";

/** GET /problems has no lookup by id (the platform's API reference); a few pages are read, then we give up. */
const maxPagesToSearch = 5;

export interface ProblemSearch {
  /** Which problems to collect. */
  readonly keep: (problem: ProblemSummary) => boolean;
  /** Reading stops once this many are collected. */
  readonly wanted: number;
  /**
   * When the search ends (on `clock`): no page is asked for after it, and a later page that has not come by
   * then is not waited for; what was collected is the answer. The first page is always waited for.
   */
  readonly until?: { readonly clock: Clock; readonly at: number };
}

/**
 * The problems `keep` picks, in the platform's order, paging through GET /problems (100 a page, at most five
 * pages) until `wanted` are found, the list ends, or `until` passes.
 */
export async function searchProblems(
  http: PlatformHttp,
  credential: PlatformCredential,
  search: ProblemSearch,
): Promise<ProblemSummary[]> {
  return (await searchProblemList(http, credential, search)).found;
}

/** As searchProblems, and whether the pages read reached the list's end (all of it was searched). */
async function searchProblemList(
  http: PlatformHttp,
  credential: PlatformCredential,
  search: ProblemSearch,
): Promise<{ readonly found: ProblemSummary[]; readonly complete: boolean }> {
  const found: ProblemSummary[] = [];
  let cursor: string | undefined;
  // Without a cursor the next page starts after what came back: a platform may serve fewer than 100 a page.
  let offset = 0;
  for (let page = 0; page < maxPagesToSearch; page += 1) {
    const left = search.until === undefined ? undefined : search.until.at - search.until.clock.now();
    if (page > 0 && left !== undefined && left <= 0) break;
    const asked = listProblems(http, credential, {
      limit: listLimitBounds.max,
      ...(cursor === undefined ? { offset } : { cursor }),
    });
    const list = page === 0 || left === undefined ? await asked : await withinBudget(asked, left);
    if (list === undefined) break;
    offset += list.problems.length;
    found.push(...list.problems.filter(search.keep));
    if (found.length >= search.wanted) return { found: found.slice(0, search.wanted), complete: false };
    // A page shorter than asked is no end: a platform may serve fewer than 100 a page.
    if (list.problems.length === 0 || list.hasMore === false) return { found, complete: true };
    cursor = list.nextCursor;
  }
  return { found, complete: false };
}

/**
 * The problem with this id, found by paging through GET /problems: needed when a member picks a problem but
 * no difficulty, since a battle's difficulty must match its problem's. `searchedAll`: whether the whole list
 * was read, so that a problem not found there does not exist (past five pages, it may).
 */
export async function findProblem(
  http: PlatformHttp,
  credential: PlatformCredential,
  problemId: string,
): Promise<{ readonly problem: ProblemSummary | undefined; readonly searchedAll: boolean }> {
  const { found, complete } = await searchProblemList(http, credential, {
    keep: (problem) => problem.id === problemId,
    wanted: 1,
  });
  return { problem: found[0], searchedAll: complete };
}
