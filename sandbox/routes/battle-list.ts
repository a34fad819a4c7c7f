// GET /v1/battles: the caller's battles (created or joined), newest first. `result` is `won`, `lost` or
// `draw` once completed, `pending` before, and `none` for a battle the caller created but never joined;
// `score` is the caller's best; `duration` is seconds from start to completion (or to now).
import { z } from "zod";
import { toIso } from "../clock.js";
import { bestSubmission, participantOf } from "../core/stats.js";
import type { Battle } from "../state.js";
import { defineRoute } from "./define.js";
import { limitQuery } from "./schemas.js";

const statuses = ["waiting", "active", "completed"] as const;

export const listBattlesRoute = defineRoute({
  method: "GET",
  url: "/v1/battles",
  level: "read",
  query: z.object({
    status: z.enum(statuses).optional(),
    limit: limitQuery.default(20),
    page: z.coerce.number().int().min(1).default(1),
  }),
  response: z.object({
    battles: z.array(
      z.object({
        id: z.string(),
        type: z.string(),
        status: z.string(),
        result: z.string(),
        score: z.number().int(),
        duration: z.number().int(),
        // A timestamp, as the reference types it: left out until the battle ends, never null.
        completedAt: z.string().optional(),
      }),
    ),
    total: z.number().int(),
    page: z.number().int(),
    hasMore: z.boolean(),
  }),
  handle: (deps, { query, user }) => {
    const now = deps.clock.now();
    const mine = [...deps.state.battles.values()]
      .filter((battle) => battle.creatorId === user.id || participantOf(battle, user.id) !== undefined)
      .filter((battle) => query.status === undefined || battle.status === query.status)
      .sort((a, b) => b.createdAt - a.createdAt);
    const start = (query.page - 1) * query.limit;
    const battles = mine.slice(start, start + query.limit).map((battle) => ({
      id: battle.id,
      type: battle.type,
      status: battle.status,
      result: resultFor(battle, user.id),
      score: bestSubmission(battle, user.id)?.score ?? 0,
      duration: durationOf(battle, now),
      ...(battle.completedAt === null ? {} : { completedAt: toIso(battle.completedAt) }),
    }));
    return { battles, total: mine.length, page: query.page, hasMore: start + query.limit < mine.length };
  },
});

function resultFor(battle: Battle, userId: string): string {
  const participant = participantOf(battle, userId);
  if (participant === undefined) return battle.status === "completed" ? "none" : "pending";
  return participant.result ?? "pending";
}

function durationOf(battle: Battle, now: number): number {
  if (battle.startedAt === null) return 0;
  return Math.round(((battle.completedAt ?? now) - battle.startedAt) / 1000);
}
