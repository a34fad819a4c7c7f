import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from "fastify";
import type { Logger } from "../logger.js";
import { healthRoutes, type ReadinessCheck } from "./health-routes.js";

export interface HttpAppDependencies {
  readonly logger: Logger;
  readonly readinessChecks: readonly ReadinessCheck[];
}

/** The bot's HTTP server, built but not listening; only the entry point listens (fastify/demo style). */
export async function buildHttpApp(deps: HttpAppDependencies): Promise<FastifyInstance> {
  const loggerInstance: FastifyBaseLogger = deps.logger;
  const app = Fastify({ loggerInstance, logController: new LogController({ disableRequestLogging: true }) });

  // 5xx answers never echo internal messages (CONVENTIONS.md, fastify/demo).
  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply.code(status).send({ error: "internal_error", requestId: request.id });
    }
    return reply.code(status).send({ error: error.message, requestId: request.id });
  });

  await app.register(healthRoutes, { checks: deps.readinessChecks });
  return app;
}
