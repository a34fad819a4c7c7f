// docs/architecture.md, "Growing past one machine": two bot instances on one PostgreSQL send their Discord
// REST through `npm run discord-proxy`, which owns the bot's one global limit. Together they post a fan-out
// at that limit, each post once; once one is SIGKILLed, the survivor alone posts at the whole limit, not at a
// static half share as instances pacing themselves would. Rates are measured loosely, from the post times the
// fake Discord records: the limit's fixed 1 s windows make any figure approximate. Each instance is told a
// small limit of its own, which it must not pace to behind the proxy, so that the checked rate stays far from
// what a busy machine reaches. How close to the whole limit the posts come, and that a fan-out at the limit
// meets no 429 at all, are figures of the quiet machine, measured by bench/fan-out-proxy.ts.
import { createHmac } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord, type StoredMessage } from "../../fake-discord/index.js";
import { findFreePort } from "../../playground/free-port.js";
import { buildSandbox, type Sandbox } from "../../sandbox/sandbox.js";
import { generateKeySpec } from "../../src/secrets/key-ring.js";
import { createDb, type Store } from "../../src/store/create-db.js";
import { migrateToLatest } from "../../src/store/migrate.js";
import { countPendingOutbox } from "../../src/store/outbox.js";
import { postgresUrl } from "../store/databases.js";
import { spawnBot, waitForReady, type BotProcess } from "./support/bot-process.js";
import { createFreshPostgresDatabase } from "./support/fresh-postgres-database.js";
import {
  checkPostedOnce,
  subscribeTournamentChannels,
  tournamentStartedBody,
  type TournamentChannels,
} from "./support/tournament-channels.js";
import { waitForPosts } from "./support/wait-for-posts.js";
import { waitUntil } from "./support/wait-until.js";

/**
 * The bot's global limit, which the fake enforces: below Discord's 50 a second, so that the rate is the
 * limit's on a busy machine too (at 50, two of its cores shared with other tests posted about 30 a second).
 * What is checked holds at any limit.
 */
const globalLimit = 20;
/**
 * What the proxy paces to, with headroom as the README suggests: its 1 s windows start when it sends, the
 * fake's when the requests arrive, and a busy machine can delay one request more than the next.
 */
const proxyLimit = 18;
/**
 * What each instance is told as its own limit, and would pace to were it not behind the proxy: a fan-out of
 * all the channels at this rate takes over 50 s, and two instances pacing to it post 4 a second together. Set well under a half share so that "not paced to it" is told
 * apart from "paced to it" by a wide margin even when the machine's other core is busy (two instances posted
 * 11 a second together then, under a half share of 20 by the proxy's 18).
 */
const ownLimit = 2;
/**
 * Every channel follows the one tournament, so each event is posted in all of them: more posts than one claim
 * of a worker takes (100), so that both instances take some.
 */
const guildCount = 6;
const channelsPerGuild = 17;
const channelCount = guildCount * channelsPerGuild;
const webhookSecret = "proxy-operator-secret";
/**
 * Generous bounds for a busy machine, where the three processes start together and share its cores with other
 * tests: a start takes a few seconds and a fan-out about 6 s (102 posts at 18 a second).
 */
const startTimeoutMs = 60_000;
const fanOutTimeoutMs = 60_000;
/** OUTBOX_LEASE_SECONDS of both instances: longer than either takes to post its share of one event. */
const leaseSeconds = 20;
const testTimeoutMs = 3 * fanOutTimeoutMs + leaseSeconds * 1000 + 30_000;

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
        DISCORD_GLOBAL_RATE_LIMIT: String(proxyLimit),
        LOG_LEVEL: "warn",
      });
      cleanups.push(() => proxy.kill());
      await waitUntil(async () => (await fetch(proxyUrl).catch(() => undefined))?.status === 401, {
        timeoutMs: startTimeoutMs,
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
            // Its own limit, were it pacing itself: behind the proxy it must not.
            DISCORD_GLOBAL_RATE_LIMIT: String(ownLimit),
            PLATFORM_API_URL: `${sandbox.url}/v1`,
            PLATFORM_WEBHOOK_SECRET: webhookSecret,
            DATABASE_URL: database.url,
            ENCRYPTION_KEYS: generateKeySpec("proxy"),
            // The instance that did not receive the webhook finds its rows by polling.
            OUTBOX_POLL_INTERVAL_MS: "200",
            // A stopped instance's posts still unrecorded hold their channels until their lease ends: short here.
            OUTBOX_LEASE_SECONDS: String(leaseSeconds),
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
      await Promise.all(bots.map((bot, instance) => waitForReady(bot, botUrls[instance]!, startTimeoutMs)));
      discord.resetStats();
    }, 3 * startTimeoutMs);

    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it(
      "posts at the one global limit, each post once, and the survivor takes the whole limit",
      async () => {
        const owners = new Set<string>();
        const together = await fanOut(0, bots[0]!, botUrls[0]!, owners);
        // Both instances took rows of the one event.
        expect([...owners].sort()).toEqual(bots.map((bot) => `${hostname()}:${bot.child.pid}`).sort());

        await bots[1]!.kill();
        // Its posts that went out before their rows were recorded stay its until their lease ends; then the
        // survivor sends them again under their nonces (Discord shows each once), before its channels' next.
        await waitUntil(async () => (await countPendingOutbox(store.db)) === 0, {
          timeoutMs: leaseSeconds * 1000 + fanOutTimeoutMs,
          what: "the survivor to finish the stopped instance's posts once their lease ended",
        });
        const alone = await fanOut(1, bots[0]!, botUrls[0]!);

        expect(checkPostedOnce(discord, channels, 2).wrong).toEqual([]);
        expect(discord.stats.channelMessagesCreated).toBe(2 * channelCount);
        // A 429 the proxy still meets at a window's edge it waits out, and sends the request again whole.
        expect(discord.stats.rateLimited).toBe(discord.stats.globalRateLimited);
        // Neither instance paces to its own limit: the proxy's is the only one, and the survivor alone posts
        // well past what one instance pacing itself could.
        expect(together).toBeGreaterThan(3 * ownLimit);
        expect(alone).toBeGreaterThan(3 * ownLimit);
        console.info(
          `proxy e2e: ${together.toFixed(1)} posts/s with two instances, ${alone.toFixed(1)} with the survivor ` +
            `alone (proxy at ${proxyLimit}/s, the fake's limit ${globalLimit}/s, each instance told ${ownLimit}/s), ` +
            `${discord.stats.rateLimited} 429s`,
        );
      },
      testTimeoutMs,
    );

    /**
     * Delivers event `index` to `bot`, waits until every channel has its post, and returns the steady rate: the
     * posts between the first and the first of the last window, over the time between them (a fixed window
     * lets a whole window's posts through at once, so counting to the last post would flatter the rate).
     * With `owners`, the instances seen holding its rows are added to it until both have been seen.
     */
    async function fanOut(
      index: number,
      bot: BotProcess,
      botUrl: string,
      owners?: Set<string>,
    ): Promise<number> {
      const body = tournamentStartedBody(index, 1);
      const signature = createHmac("sha256", webhookSecret).update(body).digest("hex");
      const title = `Cup ${String(index).padStart(3, "0")}`;
      const isPost = (message: StoredMessage) => JSON.stringify(message.embeds).includes(title);
      // Listening before the delivery, so no post can be missed; each post is looked at once as it arrives.
      const posted = waitForPosts(discord, channels.channelIds, isPost, channelCount, fanOutTimeoutMs);
      const response = await fetch(`${botUrl}/webhooks/platform`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-service-signature": `sha256=${signature}` },
        body,
      });
      expect(response.status).toBe(200);
      let done = false;
      const sampling = owners === undefined ? undefined : sampleLeaseOwners(owners, () => done);
      await posted
        .catch((error: unknown) => {
          throw new Error(`event ${index}: ${String(error)}\n${bot.outputTail()}`);
        })
        .finally(() => {
          done = true;
        });
      await sampling;
      const times = channels.channelIds
        .flatMap((channelId) => discord.messages(channelId).filter(isPost))
        .map((message) => message.createdAt)
        .sort((left, right) => left - right);
      const firstOfLastWindow = times[times.length - proxyLimit]!;
      return (times.length - proxyLimit) / ((firstOfLastWindow - times[0]!) / 1000);
    }

    /** Adds the instances holding outbox rows to `owners`, every 50 ms, until both are in or `stop()` says. */
    async function sampleLeaseOwners(owners: Set<string>, stop: () => boolean): Promise<void> {
      await waitUntil(
        async () => {
          for (const owner of await listLeaseOwners()) owners.add(owner);
          return stop() || owners.size === bots.length;
        },
        { timeoutMs: fanOutTimeoutMs, intervalMs: 50, what: "the instances holding outbox rows" },
      );
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
