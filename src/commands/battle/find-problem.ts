import {
  listProblems,
  listLimitBounds,
  type PlatformCredential,
  type PlatformHttp,
  type ProblemSummary,
} from "../../api/index.js";

/** GET /problems has no lookup by id (the platform's API reference); a few pages are read, then we give up. */
const maxPagesToSearch = 5;

/**
 * The problem with this id, found by paging through GET /problems: needed when a member picks a problem but
 * no difficulty, since a battle's difficulty must match its problem's.
 */
export async function findProblem(
  http: PlatformHttp,
  credential: PlatformCredential,
  problemId: string,
): Promise<ProblemSummary | undefined> {
  let cursor: string | undefined;
  for (let page = 0; page < maxPagesToSearch; page += 1) {
    const list = await listProblems(http, credential, {
      limit: listLimitBounds.max,
      ...(cursor === undefined ? { offset: page * listLimitBounds.max } : { cursor }),
    });
    const found = list.problems.find((problem) => problem.id === problemId);
    if (found !== undefined) return found;
    if (list.problems.length === 0 || list.hasMore === false) return undefined;
    cursor = list.nextCursor;
  }
  return undefined;
}
