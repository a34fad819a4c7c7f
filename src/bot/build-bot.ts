// The composition root: the one place the bot's parts are built and joined. Entry points (src/main.ts, the
// playground, end-to-end tests, benchmarks) build the bot, have its HTTP app listen, then start it.
import type { GatewayClient } from "../discord/gateway-client.js";
import type { FastifyInstance } from "fastify";
import type { BotDependencies } from "../commands/bot-dependencies.js";
import type { Config } from "../config.js";
import { buildHttpServer } from "../http/http-server.js";
import type { Logger } from "../logger.js";
import { buildMetricsServer } from "../metrics/metrics-server.js";
import type { OutboxWorker } from "../outbox/index.js";
import type { ReminderWorker } from "../reminders/reminder-worker.js";
import type { TournamentEventWorker } from "../reminders/events/tournament-event-worker.js";
import type { RoleWorker } from "../roles/role-worker.js";
import type { RoleConnectionWorker } from "../roles/role-connections/role-connection-worker.js";
import type { TokenRevocationWorker } from "../linking/token-revocation-worker.js";
import { buildDependencies, type BotOptions } from "./build-dependencies.js";
import { httpAppDependencies } from "./http-app-dependencies.js";
import { startBackgroundWork, type BackgroundWork } from "./start-background-work.js";
import { stopBot } from "./stop-bot.js";

export type { BotOptions } from "./build-dependencies.js";

/** A started bot: what entry points and tests hold on to. */
export interface RunningBot {
  /** The bot's HTTP app; the entry point made it listen. */
  readonly http: FastifyInstance;
  /**
   * `GET /metrics` alone, apart from the public app; src/main.ts has it listen on METRICS_HOST:METRICS_PORT
   * (docs/architecture.md, "Running"). Other entry points may leave it unstarted.
   */
  readonly metricsHttp: FastifyInstance;
  readonly client: GatewayClient | undefined;
  readonly deps: BotDependencies;
  readonly outbox: OutboxWorker;
  /** The tier role worker (docs/architecture.md, "Tier roles"). */
  readonly roles: RoleWorker;
  /** The tournament reminder worker (docs/architecture.md, "Tournament reminders"). */
  readonly reminders: ReminderWorker;
  /** The tournament event worker (docs/architecture.md, "Tournament events"). */
  readonly tournamentEvents: TournamentEventWorker;
  /** The Linked Roles connection worker (docs/architecture.md, "Linked Roles"). */
  readonly roleConnections: RoleConnectionWorker;
  /** The token revocation worker (docs/architecture.md, "Linking"). */
  readonly tokenRevocations: TokenRevocationWorker;
  /** Stops taking work, finishes what is in flight, closes connections; a second call waits for the first. */
  stop(): Promise<void>;
}

/** A bot built but not started: its HTTP app does not listen yet, and nothing runs. */
export interface BuiltBot extends RunningBot {
  /**
   * Once `http` listens: logs in to the gateway, starts the outbox worker, the re-sealing of secrets an older
   * key sealed and the hourly clean-up. Once `signal` aborts, a gateway login under way is cut short and
   * nothing is started; `stop()` then ends what there is.
   */
  start(signal?: AbortSignal): Promise<RunningBot>;
}

/**
 * Builds every dependency once, then the HTTP app from them. Entry points then do:
 * `const built = await buildBot(config, logger)`, `await built.http.listen(…)` (and `built.metricsHttp.listen(…)`),
 * `const bot = await built.start()`.
 */
export async function buildBot(config: Config, logger: Logger, options: BotOptions = {}): Promise<BuiltBot> {
  const parts = await buildDependencies(config, logger, options);
  let stopping = false;
  const http = await buildHttpServer(httpAppDependencies(parts, () => stopping));
  const metricsHttp = await buildMetricsServer({
    registry: parts.metrics.registry,
    token: config.metrics.token,
    logger,
  });

  let background: BackgroundWork | undefined;
  let stopped: Promise<void> | undefined;
  const bot: RunningBot = {
    http,
    metricsHttp,
    client: parts.client,
    deps: parts.deps,
    outbox: parts.outbox,
    roles: parts.roles,
    reminders: parts.reminders,
    tournamentEvents: parts.tournamentEvents,
    roleConnections: parts.roleConnections,
    tokenRevocations: parts.tokenRevocations,
    stop() {
      // Report not ready first, then wind down. Once: a harness that restarted an instance stops it again at
      // the end.
      stopping = true;
      stopped ??= stopBot(parts, [http, metricsHttp], background, options.unreadyBeforeStopMs);
      return stopped;
    },
  };
  return {
    ...bot,
    async start(signal) {
      background = await startBackgroundWork(parts, signal);
      return bot;
    },
  };
}
