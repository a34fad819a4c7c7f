// The bot's HTTP app as buildApp assembles it, from real dependencies: settings parsed from an environment as
// the bot's are, a migrated SQLite database (or the test's own store), a secret box with a fresh key, the
// platform client and the bot's metrics. Built, never listening, unless the test listens itself.
import type { FastifyInstance } from "fastify";
import { noLinkingMetrics } from "../../../src/linking/linking-metrics.js";
import type { Kysely } from "kysely";
import { createPlatformHttp } from "../../../src/api/http.js";
import { eventStoredSubscribers } from "../../../src/bot/event-stored-subscribers.js";
import { recordOperatorSecretAtStart } from "../../../src/bot/record-operator-secret.js";
import { systemClock, type Clock } from "../../../src/clock.js";
import { loadConfig } from "../../../src/config.js";
import type { AppDependencies, HttpInteractions } from "../../../src/http/app-dependencies.js";
import type { ReadinessCheck } from "../../../src/http/health-routes.js";
import { buildHttpServer } from "../../../src/http/http-server.js";
import { createLogger, type Logger } from "../../../src/logger.js";
import { createBotMetrics } from "../../../src/metrics/bot-metrics.js";
import { createSingleFlight } from "../../../src/single-flight.js";
import type { SecretBox } from "../../../src/secrets/secret-box.js";
import { createDb } from "../../../src/store/create-db.js";
import type { Database } from "../../../src/store/database.js";
import { migrateToLatest } from "../../../src/store/migrate.js";
import { readOutboxHealth } from "../../../src/store/outbox-health.js";
import { databaseAnswers } from "../../../src/store/database-answers.js";
import { createTestSecretBox } from "../../store/secret-box-fixture.js";
import { baseTestSettings } from "../../support/test-bot-config.js";

/** The settings every test app starts from; `env` adds to them. Nothing listens at the platform URL. */
const baseEnvironment = { ...baseTestSettings, PUBLIC_URL: "http://127.0.0.1:3000" };

export interface TestAppOptions {
  /** The test's store; without it, a fresh SQLite database in memory, closed with the app. */
  readonly db?: Kysely<Database>;
  readonly secretBox?: SecretBox;
  readonly clock?: Clock;
  readonly logger?: Logger;
  /** Settings on top of the base ones, as environment variables (PLATFORM_WEBHOOK_SECRET, WEBHOOK_ALLOWED_IPS…). */
  readonly env?: Readonly<Record<string, string>>;
  /** `GET /readyz`'s checks; by default the database's. */
  readonly readinessChecks?: readonly ReadinessCheck[];
  /** By default the bot's own metrics. */
  readonly metrics?: AppDependencies["metrics"];
  /** Serve `POST /interactions` with these, as in HTTP interactions mode. */
  readonly interactions?: HttpInteractions;
  /** By default the bot's own list. */
  readonly eventStoredSubscribers?: AppDependencies["eventStoredSubscribers"];
  readonly onEnqueued?: () => void;
  /** After a confirmed OAuth link is stored; by default a failure, which the route logs and answers anyway. */
  readonly announceLink?: AppDependencies["announceLink"];
  /** After Cancel on the confirm page; by default a failure, which the route logs and answers anyway. */
  readonly announceCancel?: AppDependencies["announceCancel"];
}

/** The app's dependencies, and what closes the ones the helper opened itself. */
export async function createTestAppDependencies(
  options: TestAppOptions = {},
): Promise<{ deps: AppDependencies; close: () => Promise<void> }> {
  const config = loadConfig({ ...baseEnvironment, ...options.env }, "start");
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? createLogger({ level: "silent" });
  const store = options.db === undefined ? await createDb(":memory:") : undefined;
  if (store !== undefined) await migrateToLatest(store.db);
  const db = options.db ?? store?.db;
  if (db === undefined) throw new Error("no database");
  const secretBox = options.secretBox ?? createTestSecretBox();
  const deps: AppDependencies = {
    config,
    db,
    secretBox,
    platform: createPlatformHttp({
      baseUrl: config.platform.apiUrl,
      webhooksBaseUrl: config.platform.webhooksApiUrl,
      timeoutMs: config.platform.timeoutMs,
      clock,
      logger,
    }),
    clock,
    logger,
    refreshes: createSingleFlight(),
    linkingMetrics: noLinkingMetrics,
    readinessChecks: options.readinessChecks ?? [{ name: "database", check: () => databaseAnswers(db) }],
    metrics: options.metrics ?? createBotMetrics(() => readOutboxHealth(db, clock.now()), clock),
    announceLink:
      options.announceLink ??
      (() => Promise.reject(new Error("no Discord to announce the link to in this test"))),
    announceCancel:
      options.announceCancel ??
      (() => Promise.reject(new Error("no Discord to announce the cancel to in this test"))),
    // As the bot does at start: PLATFORM_WEBHOOK_SECRET is recorded, and the one this store last ran with retired.
    operatorWebhookSecrets: await recordOperatorSecretAtStart({ db, secretBox, clock, logger, config }),
    eventStoredSubscribers: options.eventStoredSubscribers ?? eventStoredSubscribers,
    onEnqueued: options.onEnqueued ?? (() => undefined),
    interactions: options.interactions,
  };
  return { deps, close: async () => store?.close() };
}

/** The bot's HTTP app from real dependencies; closing it closes the database the helper opened. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<FastifyInstance> {
  const { deps, close } = await createTestAppDependencies(options);
  const app = await buildHttpServer(deps);
  app.addHook("onClose", close);
  return app;
}
