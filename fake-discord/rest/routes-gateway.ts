import type { FastifyInstance } from "fastify";

export interface GatewayInfo {
  url: string;
  recommendedShards: number;
  maxConcurrency: number;
}

/** GET /gateway and /gateway/bot (docs: Topics, Gateway — Get Gateway Bot). */
export function registerGatewayRoutes(app: FastifyInstance, readInfo: () => GatewayInfo): void {
  app.get("/gateway", () => ({ url: readInfo().url }));
  app.get("/gateway/bot", () => {
    const info = readInfo();
    return {
      url: info.url,
      shards: info.recommendedShards,
      session_start_limit: {
        total: 1000,
        remaining: 999,
        reset_after: 86_400_000,
        max_concurrency: info.maxConcurrency,
      },
    };
  });
}
