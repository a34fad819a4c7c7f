import { type FastifyPluginAsyncZod, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Registry } from "prom-client";
import { z } from "zod";
import { isBearerToken } from "./bearer-token.js";

export interface MetricsRouteOptions {
  readonly registry: Registry;
  /** When set, a scrape without `Authorization: Bearer <token>` gets 401 and no figures. */
  readonly token: string | undefined;
}

const metricsRouteSchema = {
  response: {
    // Prometheus' text format, sent as it is.
    200: z.string(),
    401: z.object({ error: z.literal("unauthorized") }),
  },
};

/**
 * `GET /metrics` in Prometheus' text format. Its schema is zod like every route's (docs/conventions.md, "HTTP
 * code"); the plugin sets the compilers itself, since the metrics listener is its own Fastify instance.
 */
export const metricsRoute: FastifyPluginAsyncZod<MetricsRouteOptions> = (app, { registry, token }) => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.get("/metrics", { schema: metricsRouteSchema }, async (request, reply) => {
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
