// The bot's whole HTTP app as one plugin: every route the bot serves, built from its dependencies.
import type { FastifyPluginAsync } from "fastify";
import fastifyPlugin from "fastify-plugin";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { webhookRoutes } from "../webhooks/webhook-routes.js";
import type { AppDependencies } from "./app-dependencies.js";
import { answerError } from "./error-handler.js";
import { healthRoutes } from "./health-routes.js";
import { interactionsRoute } from "./interactions-route.js";
import { oauthRoutes } from "./oauth-routes.js";

/**
 * `GET /healthz` and `/readyz`, `GET /oauth/callback` and `POST /oauth/confirm`, with Linked Roles
 * `GET /oauth/linked-roles[/callback]`, `POST /webhooks/platform[/:endpointId]` and, in HTTP
 * interactions mode, `POST /interactions`. `GET /metrics` is not here: it has its own listener
 * (src/metrics/metrics-server.ts), so the public one never serves it. Registered on the instance itself (not
 * encapsulated), so its error handler and its zod schema compilers serve the whole server: every route
 * declares its params, query, body and answers in zod, and is typed from them (docs/conventions.md, "HTTP
 * code"). Each route plugin keeps its own parsers and hooks.
 */
export function buildApp(deps: AppDependencies): FastifyPluginAsync {
  const app: FastifyPluginAsync = async (server) => {
    server.setValidatorCompiler(validatorCompiler);
    server.setSerializerCompiler(serializerCompiler);
    server.setErrorHandler(answerError);
    await server.register(healthRoutes, { checks: deps.readinessChecks });
    await server.register(oauthRoutes, {
      deps,
      announceLink: deps.announceLink,
      announceCancel: deps.announceCancel,
      linkedRoles: deps.linkedRoles,
    });
    await server.register(webhookRoutes, {
      db: deps.db,
      secretBox: deps.secretBox,
      clock: deps.clock,
      operatorSecrets: deps.operatorWebhookSecrets,
      allowedSources: deps.config.http.webhookAllowedIps,
      trustedProxies: deps.config.http.trustedProxies,
      metrics: deps.metrics.webhooks,
      subscribers: deps.eventStoredSubscribers,
      onEnqueued: deps.onEnqueued,
    });
    if (deps.interactions !== undefined) {
      await server.register(interactionsRoute, { ...deps.interactions, clock: deps.clock, db: deps.db });
    }
  };
  return fastifyPlugin(app, { name: "arena-bot-app" });
}
