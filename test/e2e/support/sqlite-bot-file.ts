// What the SQLite fault tests (sqlite-*.e2e.test.ts) start from: a migrated database file with one channel
// subscribed to tournament starts, and the settings of a bot process on it, talking to the fake Discord and
// the sandbox on 127.0.0.1.
import type { FakeDiscord } from "../../../fake-discord/index.js";
import type { Sandbox } from "../../../sandbox/sandbox.js";
import { generateKeySpec } from "../../../src/secrets/key-ring.js";
import { createDb } from "../../../src/store/create-db.js";
import { migrateToLatest } from "../../../src/store/migrate.js";
import { createSubscription } from "../../../src/store/subscriptions.js";

/** Migrates the file at `databasePath` and subscribes `channelId` to tournament starts. */
export async function seedSubscribedFile(
  databasePath: string,
  subscription: { readonly guildId: string; readonly channelId: string; readonly createdBy: string },
): Promise<void> {
  const store = await createDb(`file:${databasePath}`);
  try {
    await migrateToLatest(store.db);
    await createSubscription(store.db, {
      ...subscription,
      eventKinds: ["system.tournament_started"],
      filters: {},
      now: Date.now(),
    });
  } finally {
    await store.close();
  }
}

/** The settings of a bot on that file, listening on `port`; `metricsPort` is off unless given. */
export function sqliteBotSettings(input: {
  readonly discord: FakeDiscord;
  readonly sandbox: Sandbox;
  readonly webhookSecret: string;
  readonly databasePath: string;
  readonly dataDir: string;
  readonly port: number;
  readonly metricsPort?: number;
}): Record<string, string> {
  return {
    NODE_ENV: "test",
    DISCORD_TOKEN: input.discord.botToken,
    DISCORD_APPLICATION_ID: input.discord.applicationId,
    DISCORD_API_URL: input.discord.apiUrl,
    PLATFORM_API_URL: `${input.sandbox.url}/v1`,
    PLATFORM_WEBHOOK_SECRET: input.webhookSecret,
    DATABASE_URL: `file:${input.databasePath}`,
    DATA_DIR: input.dataDir,
    ENCRYPTION_KEYS: generateKeySpec("sqlite-fault"),
    HOST: "127.0.0.1",
    PORT: String(input.port),
    METRICS_PORT: input.metricsPort === undefined ? "off" : String(input.metricsPort),
    LOG_LEVEL: "warn",
  };
}
