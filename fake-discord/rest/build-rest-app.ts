import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from "fastify";
import type { Logger } from "pino";
import { DiscordHttpError, discordErrors } from "../discord-errors.js";
import type { FakeDiscordState } from "../fake-discord-state.js";
import type { RateLimiter } from "../rate-limits/rate-limiter.js";
import { assertSpecBody } from "../validation/spec-bodies.js";
import { countInvalidRequest, guardApiRequest, readRouteTraits } from "./rest-guards.js";
import { parseMultipart, readRequestBody } from "./request-body.js";
import { registerApplicationRoutes } from "./routes-applications.js";
import { registerChannelRoutes } from "./routes-channels.js";
import { registerGatewayRoutes, type GatewayInfo } from "./routes-gateway.js";
import { registerCurrentUserGuildsRoute } from "./routes-current-user-guilds.js";
import { registerGuildAndUserRoutes } from "./routes-guilds-users.js";
import { registerInteractionRoutes } from "./routes-interactions.js";
import { registerMemberRoleRoutes } from "./routes-member-roles.js";
import { registerOAuth2Routes } from "./routes-oauth2.js";
import { registerRoleConnectionRoutes } from "./routes-role-connections.js";
import { registerRoleRoutes } from "./routes-roles.js";
import { registerScheduledEventRoutes } from "./routes-scheduled-events.js";
import { registerThreadRoutes } from "./routes-threads.js";

/** Discord takes uploads up to 25 MiB per request. */
const uploadLimitBytes = 26 * 1024 * 1024;

export interface RestAppDeps {
  state: FakeDiscordState;
  rateLimiter: RateLimiter;
  readGatewayInfo: () => GatewayInfo;
  logger?: Logger;
}

/** The fake's REST API under /api/v10, plus /attachments/ serving uploaded files like Discord's CDN. */
export function buildRestApp(deps: RestAppDeps): FastifyInstance {
  const { state } = deps;
  // A stand-in stops at once: kept-alive or spare connections left open must not hold its close.
  const app = Fastify({ bodyLimit: uploadLimitBytes, logger: false, forceCloseConnections: true });

  app.addContentTypeParser(
    "multipart/form-data",
    { parseAs: "buffer" },
    (request: FastifyRequest, body: Buffer) => parseMultipart(request.headers["content-type"] ?? "", body),
  );

  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/v10/")) return;
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") state.apiRoutes.push(`${method} ${route.url.slice("/api/v10".length)}`);
    }
  });

  app.addHook("onRequest", async (request, reply) =>
    guardApiRequest(state, deps.rateLimiter, request, reply),
  );

  app.addHook("onResponse", (request, reply, done) => {
    countInvalidRequest(state, request, reply);
    done();
  });

  // Every body is held to Discord's OpenAPI spec before its route sees it (JSON, or a multipart payload_json).
  app.addHook("preHandler", (request, _reply, done) => {
    const traits = readRouteTraits(request);
    try {
      if (traits !== null && request.body !== undefined && request.body !== null)
        assertSpecBody(traits.routeKey, readRequestBody(request.body).json);
      done();
    } catch (error) {
      done(error as DiscordHttpError);
    }
  });

  // A held request waits for its test before its route acts (holdRequests): nothing is done yet.
  app.addHook("preHandler", async (request) => {
    if (request.url.startsWith("/api/v10/")) {
      const path = request.url.slice("/api/v10".length).split("?")[0] ?? "";
      await state.requestHolds.pass(request.method, path);
    }
  });

  // A held answer waits for its test (response-holds.ts); the work behind it is done already.
  app.addHook("onSend", async (request, reply, payload) => {
    if (reply.statusCode < 300 && request.url.startsWith("/api/v10/")) {
      const path = request.url.slice("/api/v10".length).split("?")[0] ?? "";
      await state.responseHolds.pass(request.method, path);
    }
    return payload;
  });

  app.setErrorHandler((error: FastifyError | DiscordHttpError, request, reply) => {
    if (error instanceof DiscordHttpError) {
      if (error.status === 400 && (error.code === 50035 || error.code === 50006))
        state.stats.rejectedMessages += 1;
      return reply.code(error.status).send(error.toBody());
    }
    if (error.statusCode === 413) {
      return reply.code(413).send({ message: "Request entity too large", code: 40005 });
    }
    if (typeof error.statusCode === "number" && error.statusCode < 500) {
      // Malformed JSON and the like: Discord answers 400 with code 50109.
      return reply.code(400).send({ message: "The request body contains invalid JSON.", code: 50109 });
    }
    deps.logger?.error({ err: error, url: request.url }, "fake Discord route failed");
    return reply.code(500).send({ message: "500: Internal Server Error", code: 0 });
  });

  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ message: discordErrors.notFound.message, code: 0 }),
  );

  app.get<{ Params: { channelId: string; attachmentId: string; filename: string } }>(
    "/attachments/:channelId/:attachmentId/:filename",
    async (request, reply) => {
      const attachment = state.attachments.get(request.params.attachmentId);
      if (attachment === undefined) return reply.code(404).send({ message: "404: Not Found", code: 0 });
      return reply.type(attachment.contentType).send(attachment.data);
    },
  );

  void app.register(
    (api, _options, done) => {
      registerGatewayRoutes(api, deps.readGatewayInfo);
      registerApplicationRoutes(api, state);
      registerChannelRoutes(api, state);
      registerGuildAndUserRoutes(api, state);
      registerCurrentUserGuildsRoute(api, state);
      registerRoleRoutes(api, state);
      registerMemberRoleRoutes(api, state);
      registerInteractionRoutes(api, state);
      registerThreadRoutes(api, state);
      registerScheduledEventRoutes(api, state);
      registerOAuth2Routes(api, state);
      registerRoleConnectionRoutes(api, state);
      done();
    },
    { prefix: "/api/v10" },
  );
  return app;
}
