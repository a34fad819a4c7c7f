// `npm start`: the bot process. Settings are checked before anything starts, and every problem is listed.
import type { BuiltBot } from "./bot/build-bot.js";
import { ConfigError, loadConfigFromProcess, type Config } from "./config.js";
import { exitUnlessRunArguments } from "./config/command-line.js";
import { createLogger } from "./logger.js";

/** How long a graceful stop may take before the process exits anyway (orchestrators kill at ~30 s). */
const shutdownGraceMs = 20_000;

function loadConfigOrExit(): Config {
  try {
    return loadConfigFromProcess("start");
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`${error.message}\nSee .env.example for every setting.`);
    process.exit(1);
  }
}

exitUnlessRunArguments({
  command: "npm start",
  does: "Runs the bot: migrates the database, listens for webhooks and interactions, and connects to Discord.",
});
const config = loadConfigOrExit();
const logger = createLogger({ level: config.logLevel });
/** Set once buildBot returns (migrations done): what a stop has to stop. */
let built: BuiltBot | undefined;
let stopping = false;
/** Read afresh after each await: a signal may have come in meanwhile. */
const stopAsked = (): boolean => stopping;
/** Aborted by a stop: cuts the gateway login short, which waits on Discord for as long as it takes. */
const startAborted = new AbortController();

/**
 * Builds the bot, has it listen and starts it; a stop asked for meanwhile cuts the gateway login short, lets
 * any other step under way finish (a migration or a listen cannot be cut short) and skips the steps after it.
 */
async function startUp(): Promise<void> {
  // Imported once the settings hold: a mistyped setting is reported without loading the whole bot first.
  const { buildBot } = await import("./bot/build-bot.js");
  built = await buildBot(config, logger);
  if (stopAsked()) return;
  await built.http.listen({ host: config.http.host, port: config.http.port });
  logger.info({ url: config.http.publicUrl }, "HTTP server listening");
  // Metrics on their own listener, by default reachable from this host only
  // (docs/architecture.md, "Running").
  const { host: metricsHost, port: metricsPort } = config.metrics;
  if (metricsPort !== undefined && !stopAsked()) {
    await built.metricsHttp.listen({ host: metricsHost, port: metricsPort });
    logger.info({ host: metricsHost, port: metricsPort }, "metrics listening");
  }
  if (stopAsked()) return;
  await built.start(startAborted.signal);
}

const startedUp = startUp().catch((error: unknown) => {
  logger.fatal({ err: error }, "the bot could not start");
  process.exit(1);
});

async function shutdown(signal: string): Promise<void> {
  // A second signal means "now": the operator does not want to wait for in-flight work.
  if (stopping) process.exit(1);
  stopping = true;
  logger.info({ signal }, "shutting down");
  const deadline = setTimeout(() => {
    logger.error({ graceMs: shutdownGraceMs }, "shutdown took too long; exiting");
    process.exit(1);
  }, shutdownGraceMs);
  deadline.unref();
  startAborted.abort();
  try {
    // During start-up: the gateway login ends at once, any other step under way is let finish, then what was
    // started is stopped in order, so interactions that came in on a shard already connected are finished too
    // (docs/operations.md, "5. Start it").
    await startedUp;
    await built?.stop();
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, "shutdown failed");
    process.exit(1);
  }
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
