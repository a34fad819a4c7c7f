// The metrics listener (docs/architecture.md, "Running"): a Fastify instance of its own, apart from the
// public app.
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { systemClock } from "../../src/clock.js";
import { createLogger } from "../../src/logger.js";
import { createBotMetrics } from "../../src/metrics/bot-metrics.js";
import { buildMetricsServer } from "../../src/metrics/metrics-server.js";

const token = "metrics-scrape-token-0123456789";

describe("the metrics listener", () => {
  let server: FastifyInstance | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function build(withToken?: string): Promise<FastifyInstance> {
    const metrics = createBotMetrics(
      () => Promise.resolve({ pending: 3, oldestPendingAgeSeconds: 1 }),
      systemClock,
    );
    server = await buildMetricsServer({
      registry: metrics.registry,
      token: withToken,
      logger: createLogger({ level: "silent" }),
    });
    return server;
  }

  it("answers GET /metrics over a real socket", async () => {
    const built = await build();
    await built.listen({ host: "127.0.0.1", port: 0 });
    const address = built.server.address();
    if (address === null || typeof address === "string") throw new Error("not listening on a TCP port");
    const response = await fetch(`http://127.0.0.1:${String(address.port)}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    expect(await response.text()).toContain("arena_outbox_pending 3");
  });

  it("serves nothing else", async () => {
    const built = await build();
    expect((await built.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(404);
    expect((await built.inject({ method: "POST", url: "/webhooks/platform" })).statusCode).toBe(404);
  });

  it("with METRICS_TOKEN, refuses a scrape without that bearer token", async () => {
    const built = await build(token);
    const missing = await built.inject({ method: "GET", url: "/metrics" });
    expect(missing.statusCode).toBe(401);
    expect(missing.body).not.toContain("arena_");
    const wrong = await built.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: "Bearer metrics-scrape-token-0123456788" },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await built.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain("arena_outbox_pending 3");
  });
});
