// Battles (the platform's API reference, Endpoints › Battles). Units the spec leaves open: timeLimit,
// timeRemaining and duration in seconds; executionTime in milliseconds; memoryUsed in kilobytes.
import { z } from "zod";
import { toIso } from "../clock.js";
import {
  battleTypes,
  createBattle,
  difficulties,
  joinBattle,
  languages,
  timeRemaining,
} from "../core/battles.js";
import { rankParticipants } from "../core/battle-completion.js";
import { requireBattle, requireProblem } from "../core/lookups.js";
import { defineRoute } from "./define.js";
import { idParams, timestamp } from "./schemas.js";
import { listBattlesRoute } from "./battle-list.js";
import { submitRoute } from "./battle-submit.js";

const problemRef = z.object({ id: z.string(), title: z.string(), difficulty: z.string() });

const createBody = z.object({
  // Both shapes' types are accepted (shape A: practice, realtime; shape B: quick, arena, team).
  type: z.enum(battleTypes, { error: `type must be one of: ${battleTypes.join(", ")}` }),
  difficulty: z.enum(difficulties),
  language: z.enum(languages),
  timeLimit: z.number().int().min(60).max(86_400).default(3600),
  // The reference bounds neither; the bot offers 2 to 100 (docs/platform-assumptions.md, "Battle size").
  participants: z.number().int().min(1).max(100).optional(),
  maxParticipants: z.number().int().min(1).max(100).optional(),
  problemId: z.string().min(1).optional(),
});

const createdA = z.object({
  id: z.string(),
  type: z.string(),
  status: z.string(),
  joinUrl: z.string(),
  problem: problemRef,
  createdAt: timestamp,
});
const createdB = z.object({
  id: z.string(),
  type: z.string(),
  status: z.string(),
  problem: problemRef,
  participants: z.array(z.object({ id: z.string(), username: z.string() })),
  createdAt: timestamp,
});

const create = defineRoute({
  method: "POST",
  url: "/v1/battles",
  level: "write",
  status: 201,
  body: createBody,
  response: z.union([createdA, createdB]),
  invalidCode: (field, shape) =>
    field === "type" && shape === "B" ? "INVALID_BATTLE_TYPE" : "INVALID_REQUEST",
  handle: (deps, { body, user, shape, cause, origin }) => {
    const battle = createBattle(deps, cause, user, {
      type: body.type,
      difficulty: body.difficulty,
      language: body.language,
      timeLimit: body.timeLimit,
      capacity: body.participants ?? body.maxParticipants ?? 2,
      problemId: body.problemId,
    });
    const { id, title, difficulty } = requireProblem(deps.state, battle.problemId);
    const common = {
      id: battle.id,
      type: battle.type,
      status: battle.status,
      problem: { id, title, difficulty },
    };
    const createdAt = toIso(battle.createdAt);
    return shape === "A"
      ? { ...common, joinUrl: `${origin}/v1/battles/${battle.id}/join`, createdAt }
      : { ...common, participants: [], createdAt };
  },
});

const details = defineRoute({
  method: "GET",
  url: "/v1/battles/:id",
  level: "read",
  params: idParams,
  response: z.object({
    id: z.string(),
    type: z.string(),
    status: z.string(),
    participants: z.array(z.object({ id: z.string(), username: z.string(), rating: z.number().int() })),
    timeRemaining: z.number().int(),
    leaderboard: z.array(
      z.object({
        userId: z.string(),
        username: z.string(),
        score: z.number().int(),
        submissions: z.number().int(),
      }),
    ),
  }),
  handle: (deps, { params }) => {
    const battle = requireBattle(deps.state, params.id);
    const usernameOf = (userId: string): string => deps.state.users.get(userId)?.username ?? userId;
    const leaderboard = rankParticipants(battle).map((standing) => ({
      userId: standing.userId,
      username: usernameOf(standing.userId),
      score: standing.score,
      submissions: battle.submissions.filter((submission) => submission.userId === standing.userId).length,
    }));
    const participants = battle.participants.map(({ userId }) => ({
      id: userId,
      username: usernameOf(userId),
      rating: deps.state.users.get(userId)?.rating ?? 0,
    }));
    return {
      id: battle.id,
      type: battle.type,
      status: battle.status,
      participants,
      timeRemaining: timeRemaining(battle, deps.clock.now()),
      leaderboard,
    };
  },
});

const join = defineRoute({
  method: "POST",
  url: "/v1/battles/:id/join",
  level: "write",
  params: idParams,
  response: z.object({
    success: z.boolean(),
    battle: z.object({
      id: z.string(),
      status: z.string(),
      participants: z.array(z.object({ id: z.string(), username: z.string(), joinedAt: timestamp })),
    }),
  }),
  handle: (deps, { params, user, cause }) => {
    const battle = joinBattle(deps, cause, requireBattle(deps.state, params.id), user);
    const participants = battle.participants.map((participant) => ({
      id: participant.userId,
      username: deps.state.users.get(participant.userId)?.username ?? participant.userId,
      joinedAt: toIso(participant.joinedAt),
    }));
    return { success: true, battle: { id: battle.id, status: battle.status, participants } };
  },
});

export const battleRoutes = [create, listBattlesRoute, details, join, submitRoute];
