import { z } from "zod";
import { numberSchema, optional } from "./primitives.js";

// GET /problems is only named in the rate-limit tables; its answer is "not shown". The assumed shape is
// recorded in src/api/assumptions.ts and docs/platform-assumptions.md: `{ problems: [{id, title,
// difficulty}], nextCursor?, hasMore?, total? }`.

export interface ProblemSummary {
  readonly id: string;
  readonly title: string;
  readonly difficulty: string | undefined;
}

export interface ProblemList {
  readonly problems: readonly ProblemSummary[];
  readonly nextCursor: string | undefined;
  readonly hasMore: boolean | undefined;
  readonly total: number | undefined;
}

export const problemListSchema: z.ZodType<ProblemList> = z.object({
  problems: z.array(z.object({ id: z.string(), title: z.string(), difficulty: optional(z.string()) })),
  nextCursor: optional(z.string()),
  hasMore: optional(z.boolean()),
  total: optional(numberSchema),
});
