import type { KeyObject } from "node:crypto";
import { REST } from "@discordjs/rest";
import { createPlatformHttp } from "../api/http.js";
import { systemClock, type Clock } from "../clock.js";
import type { BotDependencies } from "../commands/bot-dependencies.js";
import { commandHandlers, componentHandlers, modalHandlers } from "../commands/handlers.js";
import type { Config } from "../config.js";
import { createBotRestClients, readBotRestOptions } from "../discord/bot-rest-options.js";
import { createMemberPresence } from "../discord/guild-member-presence.js";
import { createGatewayClient } from "../discord/create-gateway-client.js";
import type { GatewayClient } from "../discord/gateway-client.js";
import { planGatewayShards } from "../discord/gateway-shards.js";
import { createInFlightInteractions, type InFlightInteractions } from "../discord/in-flight-interactions.js";
import { createInteractionDispatcher, type DispatchInteraction } from "../discord/interaction-dispatcher.js";
import { readInteractionPublicKey } from "../http/interaction-signature.js";
import type { Logger } from "../logger.js";
import { createBotMetrics, type BotMetrics } from "../metrics/bot-metrics.js";
import { createSingleFlight } from "../single-flight.js";
import { loadOrCreateKeyRing } from "../secrets/load-key-ring.js";
import { createSecretBox } from "../secrets/secret-box.js";
import { createDb, type GroupCommit, type Store } from "../store/create-db.js";
import { batchedWritesModule } from "./batched-writes.js";
import { buildWorkers, type BotWorkers, type BuiltWorkers } from "./build-workers.js";
import { describeInteractionError } from "./describe-interaction-error.js";
import { migrateStore } from "../store/migrate.js";
import type { OperatorWebhookSecrets } from "../store/operator-webhook-secrets.js";
import { readOutboxHealth } from "../store/outbox-health.js";
import { recordOperatorSecretAtStart } from "./record-operator-secret.js";
import { writeFaults } from "../store/write-fault.js";

/** Not a Discord limit: high enough that @discordjs/rest never paces interaction answers globally. */
const interactionRequestsPerSecond = 10_000;

export interface BotOptions {
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
  /**
   * The module the SQLite writer's thread imports the batched writes from (batched-writes.ts); the bot's own by
   * default. Run from sources, the thread loads that one through tsx; the tests hand it their run's built copy.
   */
  readonly batchedWritesModule?: string;
}

/** Everything the bot is made of, built once from its settings; nothing is connected or running yet. */
export interface BotParts extends BotWorkers {
  /** What command handlers need: settings, database, secret box, platform client, Discord REST, clock, logger. */
  readonly deps: BotDependencies;
  /** The database connection, migrated; closed last. */
  readonly store: Store;
  /** What `POST /webhooks/platform` accepts, recorded at start (record-operator-secret.ts). */
  readonly operatorWebhookSecrets: OperatorWebhookSecrets | undefined;
  /** The gateway connection, not logged in; undefined in HTTP interactions mode or when told to skip it. */
  readonly client: GatewayClient | undefined;
  /** DISCORD_TOKEN, for the gateway login. */
  readonly token: string;
  /** REST for interaction answers, edits and follow-ups, apart from `deps.rest` (see buildDependencies). */
  readonly interactionRest: REST;
  /** DISCORD_PUBLIC_KEY in HTTP interactions mode, where Discord POSTs interactions to us. */
  readonly interactionKey: KeyObject | undefined;
  /** The one way in for interactions, gateway or HTTP. */
  readonly dispatch: DispatchInteraction;
  readonly inFlight: InFlightInteractions;
  readonly metrics: BotMetrics;
}

/** Builds every dependency of the bot once, checking the settings that could stop it first. */
export async function buildDependencies(
  config: Config,
  logger: Logger,
  options: BotOptions = {},
): Promise<BotParts> {
  const clock = options.clock ?? systemClock;
  const { token, applicationId, interactionsMode } = config.discord;
  if (token === undefined || applicationId === undefined)
    throw new Error("buildBot needs DISCORD_TOKEN and DISCORD_APPLICATION_ID");
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
  // The metrics read the store, so they are made once it is open; this forwards its group commits to them.
  const groupCommits: { count?: (commit: GroupCommit) => void } = {};
  const store = await createDb(config.databaseUrl, {
    logger,
    batchedWritesModule: options.batchedWritesModule ?? batchedWritesModule,
    clock,
    onGroupCommit: (commit) => {
      groupCommits.count?.(commit);
    },
    ...(config.sqliteMaxSizeBytes === undefined ? {} : { sqliteMaxSizeBytes: config.sqliteMaxSizeBytes }),
  });
  await migrateStore(store, logger);
  // A database that cannot write (a read-only file, a full disk) is reported from the first /readyz, and the
  // bot starts anyway: it serves what it can and recovers once the fault clears (src/store/write-health.ts).
  await store.writeHealth?.probe();
  const operatorWebhookSecrets = await recordOperatorSecretAtStart({
    db: store.db,
    secretBox,
    clock,
    logger,
    config,
  });

  const botRest = readBotRestOptions(config.discord);
  // In HTTP interactions mode Discord POSTs interactions to us; REST (outbox, edits) needs no gateway.
  const client =
    options.gateway === false || interactionsMode === "http"
      ? undefined
      : createGatewayClient({
          apiUrl: botRest.api,
          globalRequestsPerSecond: botRest.globalRequestsPerSecond,
          ...planGatewayShards(config.discord),
        });
  // The bot's own REST, shared by the dispatcher and the outbox: its DiscordAPIError is the class this ES module
  // imports, so the outbox can tell a deleted channel from an outage. Through the shared proxy when one is set.
  // Beside it, the one for creates with no nonce (roles, scheduled events), which sends each request once.
  const { rest, restForCreates } = createBotRestClients(botRest, token);

  const metrics = createBotMetrics(() => readOutboxHealth(store.db, clock.now()), clock, {
    kinds: writeFaults,
    read: () => store.writeHealth?.current(),
  });
  groupCommits.count = (commit) => {
    metrics.recordGroupCommit(commit.seconds, commit.writes);
  };
  // The workers are built after the dependencies they use; what queues their work wakes them through this.
  const built: BuiltWorkers = {};
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
    restForCreates,
    applicationId,
    memberPresence: createMemberPresence(rest, clock),
    clock,
    logger,
    refreshes: createSingleFlight(),
    writeHealth: store.writeHealth,
    linkingMetrics: {
      refreshFailed: (reason) => {
        metrics.recordRefreshFailure(reason);
      },
    },
    wakeRoleWorker: () => {
      built.roles?.notify();
    },
    wakeOutbox: () => {
      built.outbox?.notify();
    },
    wakeRoleConnectionWorker: () => {
      built.roleConnections?.wake();
    },
    wakeTournamentEvents: () => {
      built.tournamentEvents?.wake();
    },
  };

  // Interaction answers use the interaction's own token, outside Discord's global bot limit: their own REST
  // instance keeps them from queueing behind a burst of announcements (Discord waits 3 s for an answer), and
  // lifts @discordjs/rest's global 50/s pacing, which would otherwise hold back edits and follow-ups. Each
  // token's own route buckets still apply. They go straight to Discord even behind the shared proxy: the
  // global limit the proxy owns does not bind them, and a hop would only add to Discord's 3 s.
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
    describeError: (error) => describeInteractionError(error, clock.now()),
    onFinished: (outcome, interactionId) => {
      metrics.recordInteraction(outcome);
      options.onInteractionFinished?.(interactionId);
    },
  });

  const workers = buildWorkers({ deps, store, metrics, built });

  return {
    deps,
    store,
    operatorWebhookSecrets,
    client,
    token,
    interactionRest,
    interactionKey,
    dispatch,
    inFlight: createInFlightInteractions(logger),
    metrics,
    ...workers,
  };
}
