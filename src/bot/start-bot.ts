import type { FastifyInstance } from "fastify";
import { systemClock, type Clock } from "../clock.js";
import type { Config } from "../config.js";
import { buildHttpApp } from "../http/build-http-app.js";
import type { Logger } from "../logger.js";
import { loadOrCreateKeyRing } from "../secrets/load-key-ring.js";
import { createDb } from "../store/create-db.js";
import { migrateToLatest } from "../store/migrate.js";
import { sql } from "kysely";

export interface RunningBot {
  readonly http: FastifyInstance;
  /** Stops taking work, finishes what is in flight, closes connections. */
  stop(): Promise<void>;
}

/** Builds every dependency once and starts the bot (CONVENTIONS.md habit 6): the one composition root. */
export async function startBot(
  config: Config,
  logger: Logger,
  clock: Clock = systemClock,
): Promise<RunningBot> {
  // Loaded first so a bad ENCRYPTION_KEYS stops the bot before it touches the database.
  loadOrCreateKeyRing({
    encryptionKeys: config.encryptionKeys,
    dataDir: config.dataDir,
    nodeEnv: config.nodeEnv,
    logger,
  });
  const store = await createDb(config.databaseUrl, { logger });
  await migrateToLatest(store.db, logger);

  const http = await buildHttpApp({
    logger,
    readinessChecks: [
      {
        name: "database",
        check: async () => {
          await sql`select 1`.execute(store.db);
          return true;
        },
      },
    ],
  });
  await http.listen({ host: config.http.host, port: config.http.port });
  logger.info(
    { url: config.http.publicUrl, startedAt: new Date(clock.now()).toISOString() },
    "bot HTTP server listening",
  );

  return {
    http,
    async stop() {
      await http.close();
      await store.close();
    },
  };
}
