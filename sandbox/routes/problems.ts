// GET /v1/problems (named in the spec's limit tables; its shape is the sandbox's assumption):
// `{ problems: [{ id, title, difficulty }], hasMore, nextCursor? }`, paged by `cursor` (opaque, from
// the previous page) or `offset`, filtered by `difficulty`.
import { z } from "zod";
import { difficulties } from "../core/battles.js";
import { invalidField } from "../errors.js";
import { defineRoute } from "./define.js";
import { limitQuery, offsetQuery, servedPageSize } from "./schemas.js";

function encodeCursor(position: number): string {
  return Buffer.from(`p:${position}`).toString("base64url");
}

function decodeCursor(cursor: string): number {
  const match = /^p:(\d+)$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (match?.[1] === undefined) throw invalidField("cursor", cursor, "cursor is not one this API returned");
  return Number.parseInt(match[1], 10);
}

export const problemsRoute = defineRoute({
  method: "GET",
  url: "/v1/problems",
  level: "read",
  query: z.object({
    limit: limitQuery.default(20),
    cursor: z.string().min(1).optional(),
    offset: offsetQuery.optional(),
    difficulty: z.enum(difficulties).optional(),
  }),
  response: z.object({
    problems: z.array(z.object({ id: z.string(), title: z.string(), difficulty: z.string() })),
    hasMore: z.boolean(),
    nextCursor: z.string().optional(),
  }),
  handle: (deps, { query }) => {
    const matching = deps.state.problems.filter(
      (problem) => query.difficulty === undefined || problem.difficulty === query.difficulty,
    );
    const start = query.cursor === undefined ? (query.offset ?? 0) : decodeCursor(query.cursor);
    const end = start + servedPageSize(deps.state, query.limit);
    const hasMore = end < matching.length;
    return {
      problems: matching.slice(start, end),
      hasMore,
      ...(hasMore ? { nextCursor: encodeCursor(end) } : {}),
    };
  },
});
