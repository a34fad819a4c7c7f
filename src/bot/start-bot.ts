import { REST } from "@discordjs/rest";
import { type APIInteraction, GatewayDispatchEvents, Routes } from "discord-api-types/v10";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { createPlatformHttp } from "../api/http.js";
import { systemClock, type Clock } from "../clock.js";
import { commandHandlers, componentHandlers, modalHandlers } from "../commands/handlers.js";
import type { Config } from "../config.js";
import { createGatewayClient } from "../discord/create-gateway-client.js";
import type { GatewayClient } from "../discord/gateway-client.js";
import { describePlatformError } from "../discord/describe-platform-error.js";
import {
  areAllShardsReady,
  logShardChanges,
  planGatewayShards,
  readRunningShards,
} from "../discord/gateway-shards.js";
import { createInFlightInteractions } from "../discord/in-flight-interactions.js";
import { createInteractionDispatcher } from "../discord/interaction-dispatcher.js";
import { buildHttpApp } from "../http/build-http-app.js";
import { readInteractionPublicKey } from "../http/interaction-signature.js";
import { interactionsRoute } from "../http/interactions-route.js";
import { oauthCallbackRoute } from "../http/oauth-callback-route.js";
import type { Logger } from "../logger.js";
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import { createOutboxRenderer } from "../announcements/index.js";
import { createBotMetrics } from "../metrics/bot-metrics.js";
import { createOutboxWorker, type OutboxWorker } from "../outbox/index.js";
import { metricsRoute } from "../metrics/metrics-route.js";
import { createSingleFlight } from "../oauth/single-flight.js";
import { readOutboxHealth } from "../store/outbox-health.js";
import { webhookRoutes } from "../webhooks/webhook-routes.js";
import { loadOrCreateKeyRing } from "../secrets/load-key-ring.js";
import { createSecretBox } from "../secrets/secret-box.js";
import { createDb } from "../store/create-db.js";
import { migrateToLatest } from "../store/migrate.js";
import { pruneOAuthStates } from "../store/oauth-states.js";
import type { BotDependencies } from "../commands/bot-dependencies.js";

/** Not a Discord limit: high enough that @discordjs/rest never paces interaction answers globally. */
const interactionRequestsPerSecond = 10_000;

export interface RunningBot {
  readonly http: FastifyInstance;
  readonly client: GatewayClient | undefined;
  readonly deps: BotDependencies;
  readonly outbox: OutboxWorker;
  /** Stops taking work, finishes what is in flight, closes connections. */
  stop(): Promise<void>;
}

export interface StartOptions {
  readonly clock?: Clock;
  /** Connect to the gateway (default in gateway mode); tests of the HTTP side alone can skip it. */
  readonly gateway?: boolean;
  /** Called when the bot is done with an interaction, answered or not (the playground stops its spinner). */
  readonly onInteractionFinished?: (interactionId: string) => void;
  /**
   * In HTTP interactions mode, how long a stopping instance reports not ready while still answering, so the load
   * balancer's next probe moves traffic away before interactions are refused (default 5 s; tests pass 0).
   */
  readonly unreadyBeforeStopMs?: number;
}

/** Above a typical load-balancer probe interval, well under main.ts's 20 s shutdown cap. */
const defaultUnreadyBeforeStopMs = 5000;

/** Builds every dependency once and starts the bot (CONVENTIONS.md habit 6): the one composition root. */
export async function startBot(
  config: Config,
  logger: Logger,
  options: StartOptions = {},
): Promise<RunningBot> {
  const clock = options.clock ?? systemClock;
  const { token, applicationId, interactionsMode } = config.discord;
  if (token === undefined || applicationId === undefined)
    throw new Error("startBot needs DISCORD_TOKEN and DISCORD_APPLICATION_ID");
  // Read before anything starts, so a key that cannot be used stops the bot at once.
  const interactionKey =
    interactionsMode === "http" ? readInteractionPublicKey(config.discord.publicKey ?? "") : undefined;
  logger.info({ interactionsMode }, "starting");
  // Loaded first so a bad ENCRYPTION_KEYS stops the bot before it touches the database.
  const secretBox = createSecretBox(
    loadOrCreateKeyRing({
      encryptionKeys: config.encryptionKeys,
      dataDir: config.dataDir,
      nodeEnv: config.nodeEnv,
      logger,
    }),
  );
  const store = await createDb(config.databaseUrl, { logger });
  await migrateToLatest(store.db, logger);

  // In HTTP interactions mode Discord POSTs interactions to us; REST (outbox, edits) needs no gateway.
  const client =
    options.gateway === false || interactionsMode === "http"
      ? undefined
      : createGatewayClient({
          apiUrl: config.discord.apiUrl,
          globalRequestsPerSecond: config.discord.globalRequestsPerSecond,
          ...planGatewayShards(config.discord),
        });
  // Not `client.rest`: discord.js loads @discordjs/rest's CommonJS build, whose DiscordAPIError is another class
  // than the one this ES module imports, so the outbox could not tell a deleted channel from an outage.
  const rest = new REST({
    ...(config.discord.apiUrl === undefined ? {} : { api: config.discord.apiUrl }),
    globalRequestsPerSecond: config.discord.globalRequestsPerSecond,
  });
  rest.setToken(token);

  const deps: BotDependencies = {
    config,
    db: store.db,
    secretBox,
    platform: createPlatformHttp({
      baseUrl: config.platform.apiUrl,
      webhooksBaseUrl: config.platform.webhooksApiUrl,
      timeoutMs: config.platform.timeoutMs,
      clock,
      logger,
    }),
    rest,
    applicationId,
    clock,
    logger,
    refreshes: createSingleFlight(),
  };

  const metrics = createBotMetrics(() => readOutboxHealth(store.db, clock.now()));
  // Interaction answers use the interaction's own token, outside Discord's global bot limit (docs: Rate Limits):
  // their own REST instance keeps them from queueing behind a burst of announcements (DESIGN.md §10, 3 s
  // deadline), and lifts @discordjs/rest's global 50/s pacing, which would otherwise hold back edits and
  // follow-ups. Each token's own route buckets still apply.
  const interactionRest = new REST({
    ...(config.discord.apiUrl === undefined ? {} : { api: config.discord.apiUrl }),
    globalRequestsPerSecond: interactionRequestsPerSecond,
  });
  const dispatch = createInteractionDispatcher({
    deps,
    commands: commandHandlers,
    components: componentHandlers,
    modals: modalHandlers,
    rest: interactionRest,
    logger,
    clock,
    describeError: (error) => describePlatformError(error, clock.now()),
    onFinished: (outcome, interactionId) => {
      metrics.recordInteraction(outcome);
      options.onInteractionFinished?.(interactionId);
    },
  });

  const inFlight = createInFlightInteractions(logger);
  let stopping = false;
  const http = await buildHttpApp({
    logger,
    readinessChecks: [
      // A stopping instance refuses new interactions (503), so the load balancer must stop sending them.
      { name: "interactions", check: () => !stopping && !inFlight.draining },
      {
        name: "database",
        check: async () => {
          await sql`select 1`.execute(store.db);
          return true;
        },
      },
      ...(client === undefined ? [] : [{ name: "gateway", check: () => areAllShardsReady(client) }]),
    ],
  });
  await http.register(oauthCallbackRoute, {
    deps,
    announceLink: async (grant, link) => {
      await interactionRest.patch(Routes.webhookMessage(applicationId, grant.interactionToken, "@original"), {
        body: {
          content: `Linked as **${link.platformUsername}**. You can now use the bot's commands here.`,
          components: [],
        },
        auth: false,
      });
    },
  });
  const outbox: OutboxWorker = createOutboxWorker({
    db: store.db,
    rest,
    render: createOutboxRenderer({ db: store.db, logger }),
    clock,
    logger,
    // Unique per process, so leases tell instances apart (DESIGN.md §8).
    owner: `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`,
    leaseMs: config.outbox.leaseMs,
    onResult: (result) => {
      metrics.recordPost(result.outcome);
    },
  });

  await http.register(metricsRoute, { registry: metrics.registry });
  await http.register(webhookRoutes, {
    db: store.db,
    secretBox,
    clock,
    operatorSecret: config.platform.webhookSecret,
    allowedSources: config.http.webhookAllowedIps,
    trustedProxies: config.http.trustedProxies,
    metrics: metrics.webhooks,
    onEnqueued: () => {
      outbox.notify();
    },
  });
  if (interactionKey !== undefined) {
    await http.register(interactionsRoute, { publicKey: interactionKey, dispatch, inFlight, clock });
  }
  await http.listen({ host: config.http.host, port: config.http.port });
  logger.info({ url: config.http.publicUrl }, "HTTP server listening");

  if (client !== undefined) {
    // Interactions are handled from the raw payload, so the same dispatcher serves HTTP interactions too.
    client.ws.on(GatewayDispatchEvents.InteractionCreate, (interaction: APIInteraction) => {
      if (!inFlight.draining) inFlight.track(dispatch(interaction));
    });
    logShardChanges(client, logger);
    await client.login(token);
    logger.info(readRunningShards(client), "gateway shards running in this instance");
  }
  outbox.start();
  // Abandoned /link requests leave an encrypted verifier and interaction token behind; clear them hourly.
  const statePruning = setInterval(
    () => {
      pruneOAuthStates(store.db, clock.now()).catch((error: unknown) => {
        logger.warn({ err: error }, "could not prune expired OAuth states");
      });
    },
    60 * 60 * 1000,
  );
  statePruning.unref();

  return {
    http,
    client,
    deps,
    outbox,
    async stop() {
      // Report not ready first; over HTTP keep answering until the load balancer has noticed.
      stopping = true;
      if (interactionKey !== undefined) {
        await new Promise((resolve) =>
          setTimeout(resolve, options.unreadyBeforeStopMs ?? defaultUnreadyBeforeStopMs),
        );
      }
      // Take no new interactions, let the running ones finish, then close connections.
      client?.ws.removeAllListeners(GatewayDispatchEvents.InteractionCreate);
      await inFlight.drain();
      clearInterval(statePruning);
      await outbox.drain();
      await client?.destroy();
      await http.close();
      await store.close();
    },
  };
}
