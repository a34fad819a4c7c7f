// docs/architecture.md, "Growing past one machine": two bot instances on one PostgreSQL send their Discord
// REST through `npm run discord-proxy`, which owns the bot's one global limit. Together they post a fan-out
// at that limit without a single 429; once one is SIGKILLed, the survivor alone posts at the whole limit, not
// at a static half share as instances pacing themselves would. Rates are measured loosely, from the post
// times the fake Discord records: the limit's fixed 1 s windows make any figure approximate.
import { createHmac } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { findFreePort } from "../../playground/free-port.js";
import { buildSandbox, type Sandbox } from "../../sandbox/sandbox.js";
import { generateKeySpec } from "../../src/secrets/key-ring.js";
import { createDb, type Store } from "../../src/store/create-db.js";
import { migrateToLatest } from "../../src/store/migrate.js";
import { postgresUrl } from "../store/databases.js";
import { spawnBot, waitForReady, type BotProcess } from "./support/bot-process.js";
import { createFreshPostgresDatabase } from "./support/fresh-postgres-database.js";
import {
  checkPostedOnce,
  subscribeTournamentChannels,
  tournamentStartedBody,
  type TournamentChannels,
} from "./support/tournament-channels.js";
import { waitUntil } from "./support/wait-until.js";

/** Discord's global limit for a bot, which the fake enforces and the proxy paces to. */
const globalLimit = 50;
/** Every channel follows the one tournament, so each event is posted in all of them. */
const guildCount = 10;
const channelsPerGuild = 20;
const channelCount = guildCount * channelsPerGuild;
const webhookSecret = "proxy-operator-secret";

describe.skipIf(postgresUrl === undefined)(
  "two bot instances behind the shared Discord REST proxy (runs only when TEST_DATABASE_URL is set)",
  () => {
    let discord: FakeDiscord;
    let store: Store;
    let channels: TournamentChannels;
    const bots: BotProcess[] = [];
    const botUrls: string[] = [];
    const cleanups: (() => Promise<unknown>)[] = [];

    beforeAll(async () => {
      const database = await createFreshPostgresDatabase(postgresUrl!, "proxy");
      cleanups.push(() => database.drop());
      discord = await createFakeDiscord({ globalRateLimit: { perSecond: globalLimit } });
      cleanups.push(() => discord.close());
      const sandbox: Sandbox = await buildSandbox({ seed: false });
      cleanups.push(() => sandbox.close());
      await sandbox.listen(0, "127.0.0.1");
      store = await createDb(database.url);
      cleanups.push(() => store.close());
      await migrateToLatest(store.db);
      channels = await subscribeTournamentChannels(discord, store.db, {
        guilds: guildCount,
        channelsPerGuild,
        tournaments: 1,
      });
      const dataDir = await mkdtemp(join(tmpdir(), "arena-proxy-"));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));

      const ports = await findFreePorts(3);
      const proxyUrl = `http://127.0.0.1:${ports[2]!}`;
      // `npm run discord-proxy`, as an operator starts it.
      const proxy = spawnBot("scripts/discord-proxy.ts", {
        DISCORD_TOKEN: discord.botToken,
        DISCORD_API_URL: discord.apiUrl,
        DISCORD_PROXY_PORT: String(ports[2]!),
        DISCORD_GLOBAL_RATE_LIMIT: String(globalLimit),
        LOG_LEVEL: "warn",
      });
      cleanups.push(() => proxy.kill());
      await waitUntil(async () => (await fetch(proxyUrl).catch(() => undefined))?.status === 401, {
        timeoutMs: 20_000,
        what: `the proxy to answer at ${proxyUrl}`,
      });

      cleanups.push(() => Promise.all(bots.map((bot) => bot.kill())));
      for (const [instance, port] of ports.slice(0, 2).entries()) {
        botUrls.push(`http://127.0.0.1:${port}`);
        bots.push(
          spawnBot("src/main.ts", {
            NODE_ENV: "test",
            DISCORD_TOKEN: discord.botToken,
            DISCORD_APPLICATION_ID: discord.applicationId,
            DISCORD_API_URL: discord.apiUrl,
            DISCORD_REST_PROXY_URL: proxyUrl,
            // Its own share, were it pacing itself: behind the proxy it must not.
            DISCORD_GLOBAL_RATE_LIMIT: String(globalLimit / 2),
            PLATFORM_API_URL: `${sandbox.url}/v1`,
            PLATFORM_WEBHOOK_SECRET: webhookSecret,
            DATABASE_URL: database.url,
            ENCRYPTION_KEYS: generateKeySpec("proxy"),
            // The instance that did not receive the webhook finds its rows by polling.
            OUTBOX_POLL_INTERVAL_MS: "200",
            HOST: "127.0.0.1",
            PORT: String(port),
            METRICS_PORT: "off",
            LOG_LEVEL: "warn",
            DATA_DIR: join(dataDir, `instance-${instance}`),
            SHARD_COUNT: "2",
            SHARD_IDS: String(instance),
          }),
        );
      }
      await Promise.all(bots.map((bot, instance) => waitForReady(bot, botUrls[instance]!)));
      discord.resetStats();
    }, 60_000);

    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it("posts at the one global limit without a 429, and the survivor takes the whole limit", async () => {
      const owners = new Set<string>();
      const together = await fanOut(0, bots[0]!, botUrls[0]!, owners);
      // Both instances took rows of the one event.
      expect([...owners].sort()).toEqual(bots.map((bot) => `${hostname()}:${bot.child.pid}`).sort());

      await bots[1]!.kill();
      const alone = await fanOut(1, bots[0]!, botUrls[0]!, new Set());

      expect(checkPostedOnce(discord, channels, 2).wrong).toEqual([]);
      expect(discord.stats.channelMessagesCreated).toBe(2 * channelCount);
      expect(discord.stats.rateLimited).toBe(0);
      // A static half share would be 25 a second; the proxy gives the survivor the whole limit.
      expect(together).toBeGreaterThan(0.7 * globalLimit);
      expect(alone).toBeGreaterThan(0.7 * globalLimit);
      console.info(
        `proxy e2e: ${together.toFixed(1)} posts/s with two instances, ${alone.toFixed(1)} with the survivor ` +
          `alone (limit ${globalLimit}/s), ${discord.stats.rateLimited} 429s`,
      );
    }, 90_000);

    /**
     * Delivers event `index` to `bot`, waits until every channel has its post, and returns the steady rate: the
     * posts between the first and the first of the last window, over the time between them (a fixed window
     * lets a whole window's posts through at once, so counting to the last post would flatter the rate).
     */
    async function fanOut(
      index: number,
      bot: BotProcess,
      botUrl: string,
      owners: Set<string>,
    ): Promise<number> {
      const body = tournamentStartedBody(index, 1);
      const signature = createHmac("sha256", webhookSecret).update(body).digest("hex");
      const response = await fetch(`${botUrl}/webhooks/platform`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-service-signature": `sha256=${signature}` },
        body,
      });
      expect(response.status).toBe(200);
      const title = `Cup ${String(index).padStart(3, "0")}`;
      const postsOf = () =>
        channels.channelIds.flatMap((channelId) =>
          discord.messages(channelId).filter((message) => JSON.stringify(message.embeds).includes(title)),
        );
      await waitUntil(
        async () => {
          for (const row of await listLeaseOwners()) owners.add(row);
          return postsOf().length === channelCount;
        },
        {
          timeoutMs: 30_000,
          intervalMs: 20,
          what: `event ${index} in all ${channelCount} channels (${bot.output()})`,
        },
      );
      const times = postsOf()
        .map((message) => message.createdAt)
        .sort((left, right) => left - right);
      const firstOfLastWindow = times[times.length - globalLimit]!;
      return (times.length - globalLimit) / ((firstOfLastWindow - times[0]!) / 1000);
    }

    /** The instances holding outbox rows now, as `host:pid`. */
    async function listLeaseOwners(): Promise<string[]> {
      const rows = await store.db
        .selectFrom("outbox")
        .select("lease_owner")
        .distinct()
        .where("status", "=", "pending")
        .where("lease_owner", "is not", null)
        .execute();
      return rows.map((row) => row.lease_owner!.split(":").slice(0, 2).join(":"));
    }
  },
);

async function findFreePorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < count) {
    const port = await findFreePort();
    if (!ports.includes(port)) ports.push(port);
  }
  return ports;
}
