// Control routes under /sandbox/ for demos and tests (not part of the platform API, no credentials):
// create users and keys, register OAuth clients, move tournaments and battles along, announce system
// events, advance the clock, and read the recent event log.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { eventKinds } from "../webhooks/event-kinds.js";
import { toIso } from "../clock.js";
import type { SandboxControl } from "../control.js";
import { tierForRating } from "../core/tiers.js";
import type { SandboxDeps } from "../deps.js";
import type { User } from "../state.js";
import { parseInput } from "./define.js";

export interface ControlRuntime {
  control: SandboxControl;
  /** Moves sandbox time forward, runs what fell due and waits for the deliveries it started. */
  advance(milliseconds: number): Promise<void>;
}

const level = z.enum(["read", "write", "admin"]);
const shape = z.enum(["A", "B"]);
const idParams = z.object({ id: z.string().min(1) });

const bodies = {
  user: z.object({
    username: z.string().regex(/^[A-Za-z0-9_.-]{2,32}$/),
    email: z.email().optional(),
    rating: z.number().int().min(0).max(4000).optional(),
    keys: z.array(level).default([]),
  }),
  key: z.object({
    username: z.string(),
    level,
    shape: shape.optional(),
    rateLimit: z.number().int().min(1).optional(),
  }),
  client: z.object({
    name: z.string().min(1),
    redirectUris: z.array(z.url()).min(1),
    shape: shape.optional(),
  }),
  autoApprove: z.object({ enabled: z.boolean(), username: z.string().optional() }),
  expiresIn: z.object({ report: z.boolean() }),
  expireTokens: z.object({ username: z.string() }),
  webhookPatch: z.object({ answer: z.enum(["supported", "404", "405"]) }),
  result: z.object({
    username: z.string(),
    score: z.number().int().min(0),
    problemsSolved: z.number().int().min(0),
    totalTime: z.number().int().min(0),
  }),
  maintenance: z.object({
    startsAt: z.iso.datetime().optional(),
    durationMinutes: z.number().int().min(1).default(60),
    message: z.string().min(1).default("Scheduled maintenance"),
  }),
  advance: z.object({ seconds: z.number().min(0) }),
  tournament: z
    .object({
      title: z.string().min(1).max(200),
      startsAt: z.iso.datetime().optional(),
      startsInSeconds: z.number().min(0).optional(),
      durationMinutes: z.number().int().min(1).default(120),
      format: z.string().min(1).default("elimination"),
      difficulty: z.enum(["easy", "medium", "hard"]).default("medium"),
      maxParticipants: z.number().int().min(1).default(64),
      prize: z.string().default("$100"),
    })
    .refine((body) => (body.startsAt === undefined) !== (body.startsInSeconds === undefined), {
      message: "give startsAt or startsInSeconds",
    }),
  reschedule: z
    .object({ startsAt: z.iso.datetime().optional(), startsInSeconds: z.number().min(0).optional() })
    .refine((body) => (body.startsAt === undefined) !== (body.startsInSeconds === undefined), {
      message: "give startsAt or startsInSeconds",
    }),
};

function renderUser(user: User): Record<string, unknown> {
  const { id, username, email, rating } = user;
  return { id, username, email, rating, tier: tierForRating(rating), joinedAt: toIso(user.joinedAt) };
}

export function registerControlRoutes(
  app: FastifyInstance,
  deps: SandboxDeps,
  runtime: ControlRuntime,
): void {
  const { control } = runtime;
  const id = (params: unknown): string => parseInput(idParams, params)?.id ?? "";
  const parse = <T>(schema: z.ZodType<T>, body: unknown): T => parseInput(schema, body) as T;

  app.post("/sandbox/users", (request, reply) => {
    const body = parse(bodies.user, request.body);
    const user = control.createUser(body);
    const keys = body.keys.map((keyLevel) => ({
      level: keyLevel,
      key: control.createApiKey({ username: user.username, level: keyLevel }).key,
    }));
    return reply.code(201).send({ user: renderUser(user), keys });
  });
  app.post("/sandbox/keys", (request, reply) => {
    const body = parse(bodies.key, request.body);
    const { key } = control.createApiKey(body);
    return reply.code(201).send({ key, level: body.level, username: body.username });
  });
  app.post("/sandbox/oauth/clients", (request, reply) => {
    return reply.code(201).send(control.registerOAuthClient(parse(bodies.client, request.body)));
  });
  app.post("/sandbox/oauth/auto-approve", (request) => {
    const body = parse(bodies.autoApprove, request.body);
    control.setAutoApprove(body.enabled, body.username);
    return { autoApprove: body.enabled, username: body.username ?? null };
  });
  app.post("/sandbox/oauth/expires-in", (request) => {
    const { report } = parse(bodies.expiresIn, request.body);
    control.setReportExpiresIn(report);
    return { report };
  });
  app.post("/sandbox/oauth/expire-access-tokens", (request) => {
    const { username } = parse(bodies.expireTokens, request.body);
    return { expired: control.expireAccessTokens(username) };
  });
  app.post("/sandbox/webhooks/patch", (request) => {
    const { answer } = parse(bodies.webhookPatch, request.body);
    control.setWebhookPatch(answer);
    return { answer };
  });
  const startTimeOf = (body: { startsAt?: string | undefined; startsInSeconds?: number | undefined }) =>
    body.startsAt === undefined
      ? deps.clock.now() + Math.round((body.startsInSeconds ?? 0) * 1000)
      : Date.parse(body.startsAt);
  app.post("/sandbox/tournaments", (request, reply) => {
    const { startsAt, startsInSeconds, ...body } = parse(bodies.tournament, request.body);
    const tournament = control.createTournament({
      ...body,
      startTime: startTimeOf({ startsAt, startsInSeconds }),
    });
    return reply
      .code(201)
      .send({ id: tournament.id, status: tournament.status, startTime: toIso(tournament.startTime) });
  });
  app.post("/sandbox/tournaments/:id/reschedule", (request) => {
    const startTime = startTimeOf(parse(bodies.reschedule, request.body));
    control.rescheduleTournament(id(request.params), startTime);
    return { id: id(request.params), startTime: toIso(startTime) };
  });
  app.post("/sandbox/tournaments/:id/start", (request) => {
    control.startTournament(id(request.params));
    return { id: id(request.params), status: "active" };
  });
  app.post("/sandbox/tournaments/:id/complete", (request) => {
    control.completeTournament(id(request.params));
    return { id: id(request.params), status: "completed" };
  });
  app.post("/sandbox/tournaments/:id/results", (request) => {
    const { username, ...result } = parse(bodies.result, request.body);
    control.recordTournamentResult(id(request.params), username, result);
    return { id: id(request.params), username, ...result };
  });
  app.post("/sandbox/battles/:id/finish", (request) => {
    control.finishBattle(id(request.params));
    return { id: id(request.params), status: "completed" };
  });
  app.post("/sandbox/invitations/:id/accept", (request) => {
    control.acceptInvitation(id(request.params));
    return { id: id(request.params), status: "accepted" };
  });
  app.post("/sandbox/maintenance", (request, reply) => {
    const body = parse(bodies.maintenance, request.body);
    const startsAt = body.startsAt === undefined ? deps.clock.now() + 86_400_000 : Date.parse(body.startsAt);
    return reply.code(201).send({ id: control.scheduleMaintenance({ ...body, startsAt }) });
  });
  app.post("/sandbox/leaderboard/refresh", () => {
    control.refreshLeaderboard();
    return { refreshed: true };
  });
  app.get("/sandbox/clock", () => ({ now: toIso(deps.clock.now()), timeScale: deps.clock.scale }));
  app.post("/sandbox/clock/advance", async (request) => {
    await runtime.advance(parse(bodies.advance, request.body).seconds * 1000);
    return { now: toIso(deps.clock.now()) };
  });
  app.get("/sandbox/events", (request) => {
    const { kind } = parse(z.object({ kind: z.enum(eventKinds).optional() }), request.query);
    const events = deps.state.events.filter((event) => kind === undefined || event.kind === kind);
    return { events: events.map((event) => JSON.parse(event.payload) as unknown) };
  });
}
