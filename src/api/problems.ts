// GET /problems, named only in the rate-limit tables; its answer shape is assumed (assumptions.ts).
import { clampListLimit } from "./assumptions.js";
import type { PlatformCredential, PlatformHttp } from "./http.js";
import { problemListSchema, type ProblemList } from "./schemas/problem.js";

export interface ProblemListQuery {
  readonly limit?: number | undefined;
  /** Cursor-style paging: the `nextCursor` of the previous page. */
  readonly cursor?: string | undefined;
  /** Offset-style paging; the spec names both query parameters. */
  readonly offset?: number | undefined;
}

/** GET /problems?limit&cursor&offset → one page of problems (used by autocomplete). */
export function listProblems(
  http: PlatformHttp,
  credential: PlatformCredential,
  query: ProblemListQuery = {},
): Promise<ProblemList> {
  return http.send({
    repeatableAfter401: true,
    credential,
    method: "GET",
    path: "/problems",
    query: { limit: clampListLimit(query.limit), cursor: query.cursor, offset: query.offset },
    schema: problemListSchema,
  });
}
