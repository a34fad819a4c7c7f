// The bot process as `npm start` runs it (src/main.ts), but with its clock BOT_CLOCK_OFFSET_MS ahead: a restart
// "after" a killed process's outbox leases ran out (docs/architecture.md, "Growing past one machine"),
// without the test waiting a minute for them.
import type { Clock } from "../../../src/clock.js";
import { buildBot } from "../../../src/bot/build-bot.js";
import { loadConfigFromProcess } from "../../../src/config.js";
import { createLogger } from "../../../src/logger.js";

const offsetMs = Number(process.env.BOT_CLOCK_OFFSET_MS ?? "0");
const clock: Clock = { now: () => Date.now() + offsetMs };
const config = loadConfigFromProcess("start");
const logger = createLogger({ level: config.logLevel });
const built = await buildBot(config, logger, { clock });
await built.http.listen({ host: config.http.host, port: config.http.port });
logger.info({ url: config.http.publicUrl }, "HTTP server listening");
const bot = await built.start();

process.once("SIGTERM", () => {
  void bot.stop().finally(() => process.exit(0));
});
