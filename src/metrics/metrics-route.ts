import type { FastifyPluginAsync } from "fastify";
import type { Registry } from "prom-client";

/** `GET /metrics` in Prometheus' text format. */
export const metricsRoute: FastifyPluginAsync<{ registry: Registry }> = (app, { registry }) => {
  app.get("/metrics", async (_request, reply) => {
    const body = await registry.metrics();
    return reply.type(registry.contentType).send(body);
  });
  return Promise.resolve();
};
