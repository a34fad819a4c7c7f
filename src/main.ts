// `npm start`: the bot process. Settings are checked before anything starts, and every problem is listed.
import { startBot } from "./bot/start-bot.js";
import { ConfigError, loadConfigFromProcess, type Config } from "./config.js";
import { createLogger } from "./logger.js";

function loadConfigOrExit(): Config {
  try {
    return loadConfigFromProcess("start");
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`${error.message}\nSee .env.example for every setting.`);
    process.exit(1);
  }
}

const config = loadConfigOrExit();
const logger = createLogger({ level: config.logLevel });
const bot = await startBot(config, logger);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down");
  try {
    await bot.stop();
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, "shutdown failed");
    process.exit(1);
  }
}
process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
