import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from "fastify";
import type { Registry } from "prom-client";
import type { Logger } from "../logger.js";
import { metricsRoute } from "./metrics-route.js";

export interface MetricsServerOptions {
  readonly registry: Registry;
  /** METRICS_TOKEN: when set, a scrape must send `Authorization: Bearer <token>`. */
  readonly token: string | undefined;
  readonly logger: Logger;
}

/**
 * The metrics listener: `GET /metrics` alone, on its own Fastify instance, so the public listener never serves
 * it (docs/architecture.md, "Running"). Built but not listening; only entry points listen.
 */
export async function buildMetricsServer(options: MetricsServerOptions): Promise<FastifyInstance> {
  const loggerInstance: FastifyBaseLogger = options.logger;
  const server = Fastify({
    loggerInstance,
    logController: new LogController({ disableRequestLogging: true }),
  });
  await server.register(metricsRoute, { registry: options.registry, token: options.token });
  return server;
}
