// `npm run migrate`: brings the database named by DATABASE_URL up to date, and nothing else.
import { loadConfigFromProcess } from "../config.js";
import { exitUnlessRunArguments } from "../config/command-line.js";
import { createLogger } from "../logger.js";
import { createDb } from "./create-db.js";
import { migrateStore } from "./migrate.js";

async function runMigrations(): Promise<number> {
  const config = loadConfigFromProcess("migrate");
  const logger = createLogger({ level: config.logLevel, name: "migrate" });
  try {
    const store = await createDb(config.databaseUrl, { logger });
    try {
      await migrateStore(store, logger);
    } finally {
      await store.close();
    }
    return 0;
  } catch (error) {
    logger.error({ err: error }, "Migration failed");
    return 1;
  }
}

exitUnlessRunArguments({
  command: "npm run migrate",
  does: "Brings the database named by DATABASE_URL up to date, and nothing else.",
});
process.exitCode = await runMigrations().catch((error: unknown) => {
  // Settings errors arrive before there is a logger; ConfigError lists every problem.
  console.error(error instanceof Error ? error.message : error);
  return 1;
});
