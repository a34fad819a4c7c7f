// buildApp registers every route the bot serves: built from real dependencies (settings parsed from an
// environment, a migrated SQLite database, a secret box with a fresh key, the bot's metrics), never listening.
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { systemClock } from "../../src/clock.js";
import { createInFlightInteractions } from "../../src/discord/in-flight-interactions.js";
import { readInteractionPublicKey } from "../../src/http/interaction-signature.js";
import type { AppDependencies } from "../../src/http/app-dependencies.js";
import { createLogger } from "../../src/logger.js";
import { createBotMetrics } from "../../src/metrics/bot-metrics.js";
import { battleCompletedData, sign, standardEvent } from "../webhooks/support/payloads.js";
import { createApplicationKeys, createTestDispatcher, pingInteraction } from "./interaction-fixtures.js";
import { buildTestApp } from "./support/test-app.js";

const webhookSecret = "whsec_app_test_secret";
const oauthSettings = {
  PLATFORM_AUTH_URL: "http://127.0.0.1:9/oauth/authorize",
  PLATFORM_TOKEN_URL: "http://127.0.0.1:9/oauth/token",
  PLATFORM_CLIENT_ID: "arena-bot",
  PLATFORM_CLIENT_SECRET: "arena-bot-secret",
};

describe("the bot's HTTP app (buildApp)", () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  /** In HTTP interactions mode: POST /interactions is served, with the application's key. */
  async function buildInHttpMode(metrics?: AppDependencies["metrics"]): Promise<FastifyInstance> {
    const logger = createLogger({ level: "silent" });
    const keys = createApplicationKeys();
    app = await buildTestApp({
      logger,
      env: { PLATFORM_WEBHOOK_SECRET: webhookSecret, ...oauthSettings },
      ...(metrics === undefined ? {} : { metrics }),
      interactions: {
        publicKey: readInteractionPublicKey(keys.publicKeyHex),
        dispatch: createTestDispatcher([], logger),
        inFlight: createInFlightInteractions(logger),
      },
    });
    return app;
  }

  it("answers /healthz, and /readyz once the database answers", async () => {
    const built = await buildInHttpMode();
    const health = await built.inject({ method: "GET", url: "/healthz" });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: "ok" });
    const ready = await built.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready", checks: { database: "ok" } });
    expect(built.server.listening).toBe(false);
  });

  it("accepts a signed webhook delivery and counts it in the bot's metrics", async () => {
    const metrics = createBotMetrics(
      () => Promise.resolve({ pending: 0, oldestPendingAgeSeconds: 0 }),
      systemClock,
    );
    const built = await buildInHttpMode(metrics);
    const body = standardEvent({
      id: "evt_app",
      event: "battle.completed",
      // Dated now: this app runs on the real clock, and drops an event older than the inbox remembers.
      created: new Date().toISOString(),
      data: battleCompletedData(),
    });
    const delivered = await built.inject({
      method: "POST",
      url: "/webhooks/platform",
      payload: body,
      headers: { "content-type": "application/json", "x-service-signature": sign(body, webhookSecret) },
    });
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toEqual({ status: "accepted", eventId: "evt_app" });

    expect(await metrics.registry.metrics()).toContain('arena_webhook_events_total{status="accepted"} 1');
  });

  it("does not serve /metrics: they have their own listener", async () => {
    const built = await buildInHttpMode();
    const response = await built.inject({ method: "GET", url: "/metrics" });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("arena_");
  });

  it("answers the OAuth callback of an unknown link request with a failure page", async () => {
    const built = await buildInHttpMode();
    const response = await built.inject({
      method: "GET",
      url: "/oauth/callback?code=some-code&state=not-a-state-we-issued",
      headers: { cookie: `arena_oauth_browser=${"k".repeat(43)}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.body).toContain("This link request is unknown or was already used.");
  });

  it("answers the OAuth callback in a browser that opened no sign-in link with a failure page", async () => {
    const built = await buildInHttpMode();
    const response = await built.inject({
      method: "GET",
      url: "/oauth/callback?code=some-code&state=not-a-state-we-issued",
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("This sign-in was not started in this browser");
  });

  it("refuses an unsigned interaction with 401 in HTTP interactions mode", async () => {
    const built = await buildInHttpMode();
    const response = await built.inject({
      method: "POST",
      url: "/interactions",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(pingInteraction),
    });
    expect(response.statusCode).toBe(401);
    expect(response.body).toBe("invalid request signature");
  });

  it("serves no /interactions in gateway mode", async () => {
    app = await buildTestApp();
    const response = await app.inject({
      method: "POST",
      url: "/interactions",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(pingInteraction),
    });
    expect(response.statusCode).toBe(404);
  });
});
