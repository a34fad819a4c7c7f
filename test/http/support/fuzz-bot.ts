// The real bot (buildBot) in HTTP interactions mode for the fuzz tests of POST /interactions: SQLite in memory,
// Discord's REST on a counting stand-in, a key pair the test signs with, a clock set a minute after the signed
// time, and a way to wait until the bot is done with an interaction it took.
import { sign, type KeyObject } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { buildBot, type BuiltBot } from "../../../src/bot/build-bot.js";
import { ManualClock } from "../../../src/clock.js";
import { loadConfig } from "../../../src/config.js";
import { createLogger } from "../../../src/logger.js";
import { generateKeySpec } from "../../../src/secrets/key-ring.js";
import type { Database } from "../../../src/store/database.js";
import { createApplicationKeys } from "../interaction-fixtures.js";
import { startCountingDiscord, type CountingDiscord } from "./counting-discord.js";
import { builtBatchedWritesModule } from "../../e2e/support/bot-process.js";

export const applicationId = "1300000000000000000";
/** Unix seconds the test signs with; the bot's clock is a minute later, well within the 5 minutes allowed. */
export const signedAt = "1730000000";

export interface FuzzBot {
  readonly bot: BuiltBot;
  readonly discord: CountingDiscord;
  readonly privateKey: KeyObject;
  /** POSTs the exact bytes with the given headers. */
  post(body: Buffer, headers: Readonly<Record<string, string>>): Promise<LightMyRequestResponse>;
  /** POSTs the bytes signed with the application's key at `timestamp` (default `signedAt`). */
  postSigned(body: Buffer, timestamp?: string): Promise<LightMyRequestResponse>;
  /** Resolves once the dispatcher has finished the interaction (answered, edited, errors rendered). */
  finished(interactionId: string): Promise<void>;
  /** Rows in every table, by table name. */
  countRows(): Promise<Record<keyof Database, number>>;
  close(): Promise<void>;
}

const tables = Object.keys({
  member_links: true,
  oauth_states: true,
  guild_settings: true,
  subscriptions: true,
  webhook_endpoints: true,
  webhook_retired_secrets: true,
  operator_webhook_secrets: true,
  inbox_events: true,
  outbox: true,
  battle_cards: true,
  battle_answers: true,
  platform_users: true,
  seen_interactions: true,
  guild_removals: true,
  tiers: true,
  guild_role_settings: true,
  tier_roles: true,
  member_tier_roles: true,
  member_activity: true,
  member_teams: true,
  battle_thread_pauses: true,
  message_threads: true,
  reminder_settings: true,
  tournament_reminders: true,
  tournament_event_settings: true,
  tournament_events: true,
  write_probe: true,
  linked_role_states: true,
  role_connections: true,
  role_connection_writes: true,
  token_revocations: true,
  personal_links: true,
  leaderboard_refreshes: true,
  digest_weeks: true,
  webhook_change_leases: true,
  link_refresh_leases: true,
  reminder_role_grants: true,
} satisfies Record<keyof Database, true>) as (keyof Database)[];

/** Discord's signature: Ed25519 over the timestamp and the exact bytes of the body, in hex. */
export function signBytes(privateKey: KeyObject, timestamp: string, body: Buffer): string {
  return sign(null, Buffer.concat([Buffer.from(timestamp, "utf8"), body]), privateKey).toString("hex");
}

/** `platformApiUrl` defaults to an address where nothing listens, so every platform call fails at once. */
export async function startFuzzBot(platformApiUrl = "http://127.0.0.1:9/v1"): Promise<FuzzBot> {
  const keys = createApplicationKeys();
  const discord = await startCountingDiscord();
  const config = loadConfig(
    {
      NODE_ENV: "test",
      DISCORD_TOKEN: "test-bot-token",
      DISCORD_APPLICATION_ID: applicationId,
      DISCORD_API_URL: discord.apiUrl,
      PLATFORM_API_URL: platformApiUrl,
      PUBLIC_URL: "http://127.0.0.1:3000",
      DATABASE_URL: ":memory:",
      ENCRYPTION_KEYS: generateKeySpec("test"),
      INTERACTIONS_MODE: "http",
      DISCORD_PUBLIC_KEY: keys.publicKeyHex,
    },
    "start",
  );
  const finishedIds = new Set<string>();
  const waiting = new Map<string, () => void>();
  const bot = await buildBot(config, createLogger({ level: "silent" }), {
    clock: new ManualClock(Number(signedAt) * 1000 + 60_000),
    unreadyBeforeStopMs: 0,
    batchedWritesModule: builtBatchedWritesModule(),
    onInteractionFinished: (id) => {
      finishedIds.add(id);
      waiting.get(id)?.();
    },
  });
  const post = (body: Buffer, headers: Readonly<Record<string, string>>) =>
    bot.http.inject({ method: "POST", url: "/interactions", payload: body, headers: { ...headers } });
  return {
    bot,
    discord,
    privateKey: keys.privateKey,
    post,
    postSigned: (body, timestamp = signedAt) =>
      post(body, {
        "content-type": "application/json",
        "x-signature-ed25519": signBytes(keys.privateKey, timestamp, body),
        "x-signature-timestamp": timestamp,
      }),
    finished: (interactionId) =>
      finishedIds.has(interactionId)
        ? Promise.resolve()
        : new Promise((resolve) => {
            waiting.set(interactionId, () => {
              waiting.delete(interactionId);
              resolve();
            });
          }),
    async countRows() {
      const counts = {} as Record<keyof Database, number>;
      for (const table of tables) {
        const row = await bot.deps.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as("rows"))
          .executeTakeFirstOrThrow();
        counts[table] = Number(row.rows);
      }
      return counts;
    },
    async close() {
      await bot.stop();
      await discord.close();
    },
  };
}
