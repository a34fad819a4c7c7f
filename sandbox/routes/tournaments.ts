// Tournaments (the platform's API reference, Endpoints › Tournaments), in shape A (REST reference) or B (API
// reference). totalTime is in seconds. `userRank` and `userScore` are 0 when the caller is not registered.
import { z } from "zod";
import { toIso } from "../clock.js";
import { difficulties } from "../core/battles.js";
import { requireTournament } from "../core/lookups.js";
import { registerForTournament, tournamentStandings } from "../core/tournaments.js";
import type { Tournament } from "../state.js";
import { defineRoute } from "./define.js";
import { idParams, limitQuery, offsetQuery, servedPageSize, timestamp, userRef } from "./schemas.js";

const itemA = z.object({
  id: z.string(),
  title: z.string(),
  status: z.string(),
  startTime: timestamp,
  participants: z.number().int(),
  maxParticipants: z.number().int(),
  prizePool: z.string(),
});
const itemB = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  format: z.string(),
  participants: z.number().int(),
  maxParticipants: z.number().int(),
  prize: z.string(),
  startsAt: timestamp,
});

const list = defineRoute({
  method: "GET",
  url: "/v1/tournaments",
  level: "read",
  query: z.object({
    status: z.enum(["open", "active", "completed"]).optional(),
    difficulty: z.enum(difficulties).optional(),
    limit: limitQuery.default(20),
    offset: offsetQuery.default(0),
  }),
  response: z.union([
    z.object({ tournaments: z.array(itemA), total: z.number().int(), hasMore: z.boolean() }),
    z.object({ tournaments: z.array(itemB) }),
  ]),
  handle: (deps, { query, shape }) => {
    const matching = [...deps.state.tournaments.values()]
      .filter((tournament) => query.status === undefined || tournament.status === query.status)
      .filter((tournament) => query.difficulty === undefined || tournament.difficulty === query.difficulty)
      .sort((a, b) => a.startTime - b.startTime);
    const served = servedPageSize(deps.state, query.limit);
    const page = matching.slice(query.offset, query.offset + served);
    if (shape === "B") return { tournaments: page.map(renderItemB) };
    const hasMore = query.offset + served < matching.length;
    return { tournaments: page.map(renderItemA), total: matching.length, hasMore };
  },
});

function renderItemA(tournament: Tournament): z.infer<typeof itemA> {
  return {
    id: tournament.id,
    title: tournament.title,
    status: tournament.status,
    startTime: toIso(tournament.startTime),
    participants: tournament.registrations.size,
    maxParticipants: tournament.maxParticipants,
    prizePool: tournament.prize,
  };
}

function renderItemB(tournament: Tournament): z.infer<typeof itemB> {
  return {
    id: tournament.id,
    name: tournament.title,
    status: tournament.status,
    format: tournament.format,
    participants: tournament.registrations.size,
    maxParticipants: tournament.maxParticipants,
    prize: tournament.prize,
    startsAt: toIso(tournament.startTime),
  };
}

const register = defineRoute({
  method: "POST",
  url: "/v1/tournaments/:id/register",
  level: "write",
  params: idParams,
  response: z.union([
    z.object({
      registered: z.boolean(),
      registrationId: z.string(),
      tournament: z.object({ id: z.string(), title: z.string() }),
    }),
    z.object({
      success: z.boolean(),
      registration: z.object({
        tournamentId: z.string(),
        userId: z.string(),
        registeredAt: timestamp,
        status: z.string(),
      }),
    }),
  ]),
  handle: (deps, { params, user, shape }) => {
    const tournament = requireTournament(deps.state, params.id);
    const registration = registerForTournament(deps, tournament, user);
    if (shape === "A") {
      return {
        registered: true,
        registrationId: registration.id,
        tournament: { id: tournament.id, title: tournament.title },
      };
    }
    return {
      success: true,
      registration: {
        tournamentId: tournament.id,
        userId: user.id,
        registeredAt: toIso(registration.registeredAt),
        status: "confirmed",
      },
    };
  },
});

const leaderboard = defineRoute({
  method: "GET",
  url: "/v1/tournaments/:id/leaderboard",
  level: "read",
  params: idParams,
  response: z.object({
    leaderboard: z.array(
      z.object({
        rank: z.number().int(),
        user: userRef,
        score: z.number().int(),
        problemsSolved: z.number().int(),
        totalTime: z.number().int(),
      }),
    ),
    userRank: z.number().int(),
    userScore: z.number().int(),
  }),
  handle: (deps, { params, user }) => {
    const standings = tournamentStandings(deps.state, requireTournament(deps.state, params.id));
    const own = standings.find((standing) => standing.user.id === user.id);
    return {
      leaderboard: standings.map(({ rank, user: entrant, result }) => ({
        rank,
        user: { id: entrant.id, username: entrant.username },
        ...result,
      })),
      userRank: own?.rank ?? 0,
      userScore: own?.result.score ?? 0,
    };
  },
});

export const tournamentRoutes = [list, register, leaderboard];
