import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { buildApp } from "./app.js";
import type { AppDependencies } from "./app-dependencies.js";

/**
 * The bot's HTTP server: a Fastify instance logging through the bot's logger, with buildApp's routes, built but
 * not listening. Only entry points listen (src/main.ts, the playground, end-to-end tests, benchmarks).
 */
export async function buildHttpServer(deps: AppDependencies): Promise<FastifyInstance> {
  const loggerInstance: FastifyBaseLogger = deps.logger;
  const server = Fastify({
    loggerInstance,
    logController: new LogController({ disableRequestLogging: true }),
  });
  await server.register(buildApp(deps));
  return server;
}
