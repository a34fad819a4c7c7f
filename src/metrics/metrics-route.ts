import type { FastifyPluginAsync } from "fastify";
import type { Registry } from "prom-client";
import { isBearerToken } from "./bearer-token.js";

export interface MetricsRouteOptions {
  readonly registry: Registry;
  /** When set, a scrape without `Authorization: Bearer <token>` gets 401 and no figures. */
  readonly token: string | undefined;
}

/** `GET /metrics` in Prometheus' text format. */
export const metricsRoute: FastifyPluginAsync<MetricsRouteOptions> = (app, { registry, token }) => {
  app.get("/metrics", async (request, reply) => {
    if (token !== undefined && !isBearerToken(request.headers.authorization, token)) {
      return reply
        .code(401)
        .header("www-authenticate", 'Bearer realm="metrics"')
        .send({ error: "unauthorized" });
    }
    const body = await registry.metrics();
    return reply.type(registry.contentType).send(body);
  });
  return Promise.resolve();
};
