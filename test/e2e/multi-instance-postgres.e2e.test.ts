// docs/architecture.md, "Webhooks in", "Growing past one machine": two bot instances on one PostgreSQL, one
// fake Discord. 250 signed events, each delivered once to each instance; one instance is SIGKILLed halfway
// and deliveries it cannot answer go to the other, as a load balancer in front of them would send the
// platform's retries. Every announcement is posted exactly once: the shared inbox takes each event once, the
// survivor takes the dead instance's leased rows over, and the nonce stops a resend of a row Discord already
// had. The instances run `src/main.ts` as `npm start` does, gateway included: the fake keeps both sessions of
// the shared token open, as Discord does (test/fake-discord/gateway-same-shard.test.ts).
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
import { countInbox as countInboxRows, countOutbox as countOutboxRows } from "./support/outbox-counts.js";

const adminUrl = postgresUrl;

const eventCount = 250;
/**
 * 50 channels in 2 guilds, each subscribed to the starts of one tournament, and event i is a start of
 * tournament i % 50: one post per event, 5 per channel (one window of Discord's 5-per-5-s channel limit).
 * The posts are paced by Discord's global 50 per second, so there are no more than needed.
 */
const tournamentCount = 50;
const guildCount = 2;
const channelsPerGuild = 25;
const postCount = eventCount;
/** Deliveries in flight at once, across both instances. */
const senders = 16;
/** The shortest lease the settings allow, so the survivor takes the killed instance's rows over soon. */
const leaseSeconds = 5;
const webhookSecret = "multi-instance-operator-secret";

interface Delivery {
  readonly event: number;
  /** The instance the platform sends it to first. */
  readonly target: number;
}

interface Answer {
  readonly event: number;
  readonly instance: number;
  readonly status: number;
  readonly outcome: string;
}

describe.skipIf(adminUrl === undefined)(
  "two bot instances on one PostgreSQL (runs only when TEST_DATABASE_URL is set: it needs a PostgreSQL server)",
  () => {
    let discord: FakeDiscord;
    let sandbox: Sandbox;
    let store: Store;
    let dataDir: string;
    let channels: TournamentChannels;
    const bots: BotProcess[] = [];
    const botUrls: string[] = [];
    const cleanups: (() => Promise<unknown>)[] = [];
    /** Nonce replays the fake saw before the kill: rows whose lease ran out while their send was slow. */
    let dedupedBeforeKill = 0;

    beforeAll(async () => {
      const database = await createFreshPostgresDatabase(adminUrl!, "multi");
      cleanups.push(() => database.drop());
      const databaseUrl = database.url;

      // Discord's own limits: 5 posts per 5 s per channel, and 50 requests a second for the bot, which the
      // two instances share as they would on Discord.
      discord = await createFakeDiscord();
      cleanups.push(() => discord.close());
      sandbox = await buildSandbox({ seed: false });
      cleanups.push(() => sandbox.close());
      await sandbox.listen(0, "127.0.0.1");
      store = await createDb(databaseUrl);
      cleanups.push(() => store.close());
      await migrateToLatest(store.db);
      channels = await subscribeTournamentChannels(discord, store.db, {
        guilds: guildCount,
        channelsPerGuild,
        tournaments: tournamentCount,
      });

      dataDir = await mkdtemp(join(tmpdir(), "arena-multi-"));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const shared = {
        NODE_ENV: "test",
        DISCORD_TOKEN: discord.botToken,
        DISCORD_APPLICATION_ID: discord.applicationId,
        DISCORD_API_URL: discord.apiUrl,
        PLATFORM_API_URL: `${sandbox.url}/v1`,
        PLATFORM_WEBHOOK_SECRET: webhookSecret,
        DATABASE_URL: databaseUrl,
        // One key ring for both: they read each other's encrypted rows.
        ENCRYPTION_KEYS: generateKeySpec("multi"),
        OUTBOX_LEASE_SECONDS: String(leaseSeconds),
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
      };
      const ports: number[] = [];
      while (ports.length < 2) {
        const port = await findFreePort();
        if (!ports.includes(port)) ports.push(port);
      }
      cleanups.push(() => Promise.all(bots.map((bot) => bot.kill())));
      for (const [instance, port] of ports.entries()) {
        botUrls.push(`http://127.0.0.1:${port}`);
        bots.push(
          spawnBot("src/main.ts", {
            ...shared,
            PORT: String(port),
            METRICS_PORT: "off",
            DATA_DIR: join(dataDir, `instance-${instance}`),
            // As the README deploys gateway instances: each runs its own shard, so no event reaches both.
            SHARD_COUNT: "2",
            SHARD_IDS: String(instance),
            // Two instances on one token: each takes half of Discord's global 50 requests a second.
            DISCORD_GLOBAL_RATE_LIMIT: "25",
          }),
        );
      }
      await Promise.all(bots.map((bot, instance) => waitForReady(bot, botUrls[instance]!)));
    }, 60_000);

    afterAll(async () => {
      // Undone newest first, whatever beforeAll got to before a failure.
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it("posts every announcement exactly once while one instance is killed halfway", async () => {
      const startedAt = Date.now();
      const [survivor, victim] = [0, 1];
      // Every event twice: first to one instance (alternating), then its duplicate to the other.
      const deliveries: Delivery[] = [];
      for (let event = 0; event < eventCount; event += 1) {
        deliveries.push({ event, target: event % 2 }, { event, target: 1 - (event % 2) });
      }
      const answers: Answer[] = [];
      let redirected = 0;
      let victimKilled = false;

      /** Sends one delivery; a connection the killed instance cannot answer is retried at the survivor. */
      async function deliver({ event, target }: Delivery): Promise<void> {
        const body = tournamentStartedBody(event, tournamentCount);
        const signature = createHmac("sha256", webhookSecret).update(body).digest("hex");
        for (const instance of target === survivor ? [survivor] : [target, survivor]) {
          let response: Response;
          try {
            response = await fetch(`${botUrls[instance]!}/webhooks/platform`, {
              method: "POST",
              headers: { "content-type": "application/json", "x-service-signature": `sha256=${signature}` },
              body,
            });
          } catch (error) {
            if (instance !== victim || !victimKilled) throw error;
            redirected += 1;
            continue;
          }
          const answer = (await response.json()) as { status?: string };
          answers.push({ event, instance, status: response.status, outcome: answer.status ?? "none" });
          return;
        }
      }

      // The victim is killed once half the deliveries have gone out, at a moment it holds leased rows.
      // Deliveries go on around the kill, but those past `gate` wait for it, so some surely find it gone.
      let killing: Promise<{ orphaned: number; alreadyPosted: number }> | undefined;
      const gate = deliveries.length / 2 + senders * 4;
      let cursor = 0;
      async function sendAll(): Promise<void> {
        while (cursor < deliveries.length) {
          const index = cursor;
          cursor += 1;
          if (index === deliveries.length / 2) {
            killing = killWhileHoldingRows(bots[victim]!, () => {
              victimKilled = true;
            });
          }
          if (index >= gate) await killing;
          await deliver(deliveries[index]!);
        }
      }
      await Promise.all(Array.from({ length: senders }, sendAll));
      const takeover = await killing!;
      const sentAt = Date.now();

      await waitUntil(async () => (await countOutboxRows(store.db, "delivered")) === postCount, {
        timeoutMs: 40_000,
        intervalMs: 100,
        what: `all ${postCount} outbox rows to be delivered`,
      });
      const deliveredAt = Date.now();

      // The webhook routes answered 2xx to every delivery that reached a live instance; each event was
      // accepted at most once (the shared inbox), and the rest were duplicates.
      expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
      expect(answers).toHaveLength(deliveries.length);
      const accepted = answers
        .filter((answer) => answer.outcome === "accepted")
        .map((answer) => answer.event);
      expect(new Set(accepted).size).toBe(accepted.length);
      expect(answers.filter((answer) => !["accepted", "duplicate"].includes(answer.outcome))).toEqual([]);
      const answeredEvents = new Set(answers.map((answer) => answer.event));
      expect(answeredEvents.size).toBe(eventCount);
      // Platform events and channel posts (support/outbox-counts.ts): a thread start is a row of its own in each.
      expect(await countInboxRows(store.db)).toBe(eventCount);
      expect(await countOutboxRows(store.db)).toBe(postCount);

      // Exactly once, from what Discord holds: each event in each of its channels, nothing else anywhere.
      const { wrong, posts } = checkPostedOnce(discord, channels, eventCount);
      expect(wrong).toEqual([]);
      expect(posts).toBe(postCount);
      expect(discord.stats.channelMessagesCreated).toBe(postCount);
      expect(takeover.orphaned).toBeGreaterThan(0);
      expect(redirected).toBeGreaterThan(0);
      // Each instance stayed on the gateway with its own shard: two identifies, no reconnect loop.
      expect(discord.gateway.stats.identifies).toBe(2);

      const { stats } = discord;
      console.info(
        [
          `multi-instance test: ${answers.length} webhook answers (${accepted.length} accepted)`,
          `${redirected} deliveries retried at the survivor after the kill`,
          `${takeover.orphaned} rows leased by the killed instance taken over (${takeover.alreadyPosted} of them already at Discord)`,
          `${stats.channelMessagesDeduplicated} message creates deduplicated by nonce (${dedupedBeforeKill} before the kill)`,
          `${stats.rateLimited} 429s`,
          `sent in ${sentAt - startedAt} ms, all posted ${deliveredAt - sentAt} ms later`,
        ].join(", "),
      );
    }, 90_000);

    /**
     * Kills the instance while it holds leased, undelivered rows, preferably at a moment when Discord already
     * has one of them (posted, not yet recorded), so the survivor's resend must be caught by the nonce.
     * Returns how many rows the survivor must take over once the lease runs out, and how many of those
     * Discord already had.
     */
    async function killWhileHoldingRows(
      bot: BotProcess,
      beforeKill: () => void,
    ): Promise<{ orphaned: number; alreadyPosted: number }> {
      const pid = bot.child.pid ?? 0;
      const owner = `${hostname()}:${pid}:%`;
      const postedNonces = () =>
        new Set(channels.channelIds.flatMap((id) => discord.messages(id).map((message) => message.nonce)));
      const waitedSince = Date.now();
      // Stopped (SIGSTOP) once it is seen holding rows, and its rows read again while it cannot finish them:
      // between a look and the kill it could otherwise post and release every row it held, and nothing would be
      // left to take over. Let go on again if it had.
      for (;;) {
        await waitUntil(
          async () => {
            const leased = await listLeasedTo(owner);
            if (leased.length === 0) return false;
            // The window between Discord's answer and the commit is short: settle for any leased row after 5 s.
            const nonces = postedNonces();
            return leased.some((id) => nonces.has(id)) || Date.now() - waitedSince > 5000;
          },
          { timeoutMs: 15_000, intervalMs: 2, what: "the instance to be killed to hold leased outbox rows" },
        );
        process.kill(pid, "SIGSTOP");
        if ((await listLeasedTo(owner)).length > 0) break;
        process.kill(pid, "SIGCONT");
      }
      beforeKill();
      dedupedBeforeKill = discord.stats.channelMessagesDeduplicated;
      await bot.kill();
      const orphaned = await listLeasedTo(owner);
      const nonces = postedNonces();
      return { orphaned: orphaned.length, alreadyPosted: orphaned.filter((id) => nonces.has(id)).length };
    }

    async function listLeasedTo(ownerPattern: string): Promise<string[]> {
      const rows = await store.db
        .selectFrom("outbox")
        .select("id")
        .where("status", "=", "pending")
        .where("lease_owner", "like", ownerPattern)
        .execute();
      return rows.map((row) => row.id);
    }
  },
);
