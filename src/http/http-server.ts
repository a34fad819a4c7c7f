import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { buildApp } from "./app.js";
import { lazyRequestLogger } from "./request-logger.js";
import type { AppDependencies } from "./app-dependencies.js";

/**
 * The bot's HTTP server: a Fastify instance logging through the bot's logger, with buildApp's routes, built but
 * not listening. Only entry points listen (src/main.ts, the playground, end-to-end tests, benchmarks).
 */
export async function buildHttpServer(deps: AppDependencies): Promise<FastifyInstance> {
  const loggerInstance: FastifyBaseLogger = deps.logger;
  const { requestTimeoutMs, connectionTimeoutMs, keepAliveTimeoutMs, maxConnections } = deps.config.http;
  const server = Fastify({
    loggerInstance,
    childLoggerFactory: lazyRequestLogger,
    logController: new LogController({ disableRequestLogging: true }),
    // A client too slow or too idle is cut (docs/architecture.md, "Running"). Node checks the request time-out
    // only every `connectionsCheckingInterval` (30 s by default), so it is checked a few times per time-out.
    requestTimeout: requestTimeoutMs,
    connectionTimeout: connectionTimeoutMs,
    keepAliveTimeout: keepAliveTimeoutMs,
    http: {
      connectionsCheckingInterval: Math.min(30_000, Math.ceil(requestTimeoutMs / 4)),
      headersTimeout: Math.min(60_000, requestTimeoutMs),
    },
  });
  server.server.maxConnections = maxConnections;
  await server.register(buildApp(deps));
  return server;
}
