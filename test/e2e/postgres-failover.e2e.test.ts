// docs/architecture.md, "Growing past one machine": PostgreSQL fails over under load. Two bot instances run
// `src/main.ts` as `npm start` does, each with its own gateway shard, and reach the database through a TCP
// relay the test controls (test/support/tcp-relay.ts). While signed webhooks go to both and members run
// /whoami on both shards, the relay cuts every connection and resets new ones for a few seconds, then relays
// again. Both processes stay up; /readyz answers 503 during the cut and 200 after; a webhook answered 5xx is
// retried, as the platform does, until it is answered 200; every interaction is answered (with the generic
// error while the database is away); and every event is posted exactly once, counted in the fake Discord.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { findFreePort } from "../../playground/free-port.js";
import { buildSandbox, type Sandbox } from "../../sandbox/sandbox.js";
import { generateKeySpec } from "../../src/secrets/key-ring.js";
import { createDb, type Store } from "../../src/store/create-db.js";
import { migrateToLatest } from "../../src/store/migrate.js";
import { postgresUrl } from "../store/databases.js";
import { startTcpRelay, throughRelay, type TcpRelay } from "../support/tcp-relay.js";
import { spawnBot, waitForReady, type BotProcess } from "./support/bot-process.js";
import { createFreshPostgresDatabase } from "./support/fresh-postgres-database.js";
import { countInbox, countOutbox } from "./support/outbox-counts.js";
import { sendWebhookLoad, type WebhookAnswer } from "./support/platform-retries.js";
import { createPlayersOnShards, type Player } from "./support/players-on-shards.js";
import { readReadiness } from "./support/readiness.js";
import { repeatCommand, type CommandAnswer } from "./support/repeated-command.js";
import {
  checkPostedOnce,
  subscribeTournamentChannels,
  tournamentStartedBody,
  type TournamentChannels,
} from "./support/tournament-channels.js";
import { waitUntil } from "./support/wait-until.js";

/** Event i is the start of tournament i % 24, followed by one channel: one post per event, 5 per channel. */
const eventCount = 120;
const tournamentCount = 24;
const instanceCount = 2;
/** Webhook deliveries in flight at once, across both instances. */
const senders = 4;
/** The database stays away at least this long, and until every instance has shown it (see below). */
const minimumCutMs = 3000;
/** The shortest lease the settings allow: a row whose result could not be recorded is sent again soon. */
const leaseSeconds = 5;
const webhookSecret = "failover-operator-secret";
const databaseAwayReply = "Something went wrong on our side.";
const notLinkedReply = "You haven't linked a platform account in this server yet.";

describe.skipIf(postgresUrl === undefined)(
  "two bot instances while PostgreSQL fails over (runs only when TEST_DATABASE_URL is set)",
  () => {
    let discord: FakeDiscord;
    let store: Store;
    let relay: TcpRelay;
    let channels: TournamentChannels;
    const bots: BotProcess[] = [];
    const botUrls: string[] = [];
    /** Instance i's shard holds players[i]'s guild, so their /whoami reaches that instance. */
    let players: Player[];
    const exits: string[] = [];
    const cleanups: (() => Promise<unknown>)[] = [];

    beforeAll(async () => {
      const database = await createFreshPostgresDatabase(postgresUrl!, "failover");
      cleanups.push(() => database.drop());
      const server = new URL(database.url);
      relay = await startTcpRelay({ host: server.hostname, port: Number(server.port || 5432) });
      cleanups.push(() => relay.close());
      discord = await createFakeDiscord({ waitTimeoutMs: 20_000 });
      cleanups.push(() => discord.close());
      const sandbox: Sandbox = await buildSandbox({ seed: false });
      cleanups.push(() => sandbox.close());
      await sandbox.listen(0, "127.0.0.1");
      // The test's own connection goes straight to the server: the cut is the instances' alone.
      store = await createDb(database.url);
      cleanups.push(() => store.close());
      await migrateToLatest(store.db);
      channels = await subscribeTournamentChannels(discord, store.db, {
        guilds: 2,
        channelsPerGuild: tournamentCount / 2,
        tournaments: tournamentCount,
      });
      players = await createPlayersOnShards(discord, instanceCount);

      const dataDir = await mkdtemp(join(tmpdir(), "arena-failover-"));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const shared = {
        NODE_ENV: "test",
        DISCORD_TOKEN: discord.botToken,
        DISCORD_APPLICATION_ID: discord.applicationId,
        DISCORD_API_URL: discord.apiUrl,
        PLATFORM_API_URL: `${sandbox.url}/v1`,
        PLATFORM_WEBHOOK_SECRET: webhookSecret,
        DATABASE_URL: throughRelay(database.url, relay),
        ENCRYPTION_KEYS: generateKeySpec("failover"),
        OUTBOX_LEASE_SECONDS: String(leaseSeconds),
        // An instance whose poll failed in the cut looks again within a second of it, not the default 5 s.
        OUTBOX_POLL_INTERVAL_MS: "1000",
        SHARD_COUNT: String(instanceCount),
        // Two instances on one token: each takes half of Discord's global 50 requests a second.
        DISCORD_GLOBAL_RATE_LIMIT: "25",
        HOST: "127.0.0.1",
        METRICS_PORT: "off",
        LOG_LEVEL: "warn",
      };
      cleanups.push(() => Promise.all(bots.map((bot) => bot.kill())));
      const ports: number[] = [];
      while (ports.length < instanceCount) {
        const port = await findFreePort();
        if (!ports.includes(port)) ports.push(port);
      }
      for (const [instance, port] of ports.entries()) {
        botUrls.push(`http://127.0.0.1:${port}`);
        const bot = spawnBot("src/main.ts", {
          ...shared,
          PORT: String(port),
          DATA_DIR: join(dataDir, `instance-${instance}`),
          SHARD_IDS: String(instance),
        });
        bot.child.on("exit", (code, signal) => exits.push(`instance ${instance}: ${code ?? signal}`));
        bots.push(bot);
      }
      await Promise.all(bots.map((bot, instance) => waitForReady(bot, botUrls[instance]!, 60_000)));
    }, 120_000);

    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it("stays up, is not ready while the database is away, and posts every event exactly once", async () => {
      const startedAt = Date.now();
      const answers: WebhookAnswer[] = [];
      const interactions: CommandAnswer[] = [];
      let loadFailure: Error | undefined;
      const failLoad = (error: unknown) => {
        loadFailure ??= error instanceof Error ? error : new Error(String(error));
      };
      const throwIfLoadFailed = () => {
        if (loadFailure !== undefined) throw loadFailure;
        if (exits.length > 0) throw new Error(`a bot exited: ${exits.join(", ")}`);
      };
      const eachInstance = (test: (instance: number) => boolean) =>
        Array.from({ length: instanceCount }, (_, instance) => instance).every(test);

      // Webhook load. Events past two thirds wait for the cut, so some are surely sent into it.
      let openGate: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (openGate = resolve));
      const sending = sendWebhookLoad({
        instanceUrls: botUrls,
        events: eventCount,
        senders,
        bodyOf: (event) => tournamentStartedBody(event, tournamentCount),
        secret: webhookSecret,
        answers,
        deadline: startedAt + 60_000,
        backoffMs: 100,
        held: { from: (eventCount * 2) / 3, until: gate },
      });
      sending.catch(failLoad);
      // Interaction load: a member on each instance's shard runs /whoami, one after another.
      const members = players.map((player, index) =>
        repeatCommand(discord, { ...player, index }, "/whoami", interactions),
      );
      for (const member of members) member.running.catch(failLoad);

      try {
        await waitUntil(
          () => {
            throwIfLoadFailed();
            return answers.filter((answer) => answer.status === 200).length >= eventCount / 3;
          },
          { timeoutMs: 30_000, what: "a third of the events to be accepted" },
        );

        // The cut: every connection ends and new ones are reset, until each instance has shown it on
        // /readyz, in a webhook answer and in an interaction answer, and minimumCutMs has passed.
        relay.refuse(true);
        relay.cut();
        const cutStartedAt = Date.now();
        openGate();
        const notReadyBodies = new Map<number, unknown>();
        await waitUntil(
          async () => {
            throwIfLoadFailed();
            for (let instance = 0; instance < instanceCount; instance += 1) {
              const readiness = notReadyBodies.has(instance)
                ? undefined
                : await readReadiness(botUrls[instance]!);
              if (readiness?.status === 503) notReadyBodies.set(instance, readiness.body);
            }
            return (
              notReadyBodies.size === instanceCount &&
              eachInstance((instance) =>
                answers.some((a) => a.instance === instance && a.status >= 500 && a.at >= cutStartedAt),
              ) &&
              eachInstance((instance) =>
                interactions.some((a) => a.member === instance && a.askedAt >= cutStartedAt),
              ) &&
              Date.now() - cutStartedAt >= minimumCutMs
            );
          },
          { timeoutMs: 30_000, intervalMs: 50, what: "each instance to show the database is away" },
        );
        relay.refuse(false);
        const cutEndedAt = Date.now();

        const readyAgainAt = new Map<number, number>();
        await waitUntil(
          async () => {
            throwIfLoadFailed();
            for (let instance = 0; instance < instanceCount; instance += 1) {
              if (readyAgainAt.has(instance)) continue;
              if ((await readReadiness(botUrls[instance]!)).status === 200)
                readyAgainAt.set(instance, Date.now());
            }
            return readyAgainAt.size === instanceCount;
          },
          { timeoutMs: 30_000, intervalMs: 50, what: "/readyz to answer 200 again on every instance" },
        );

        await sending;
        // Interactions go on until each instance has answered one asked once it was ready again.
        const askedWhenReady = (answer: CommandAnswer) => answer.askedAt >= readyAgainAt.get(answer.member)!;
        await waitUntil(
          () => {
            throwIfLoadFailed();
            return eachInstance((instance) =>
              interactions.some((answer) => answer.member === instance && askedWhenReady(answer)),
            );
          },
          { timeoutMs: 30_000, what: "an interaction answered by each instance after the cut" },
        );
        await Promise.all(members.map((member) => member.stop()));
        const loadEndedAt = Date.now();

        await waitUntil(async () => (await countOutbox(store.db, "delivered")) === eventCount, {
          timeoutMs: 60_000,
          intervalMs: 100,
          what: `all ${eventCount} outbox rows to be delivered`,
        });
        const deliveredAt = Date.now();

        // Both processes are up.
        expect(exits).toEqual([]);
        expect(bots.map((bot) => bot.child.exitCode ?? bot.child.signalCode)).toEqual([null, null]);
        for (const body of notReadyBodies.values()) {
          expect(body).toMatchObject({ status: "not ready", checks: { database: "failing" } });
        }

        // Every event was answered 200 once in the end; the 5xx answers were the cut's, and retried.
        const acceptedEvents = answers.filter((a) => a.status === 200).map((a) => a.event);
        expect(new Set(acceptedEvents).size).toBe(eventCount);
        expect(acceptedEvents).toHaveLength(eventCount);
        const failedAnswers = answers.filter((answer) => answer.status !== 200);
        expect(failedAnswers.filter((answer) => answer.status < 500)).toEqual([]);
        expect(failedAnswers.filter((answer) => answer.at < cutStartedAt)).toEqual([]);

        // Every interaction was answered: normally before the cut and once ready again, with the generic
        // error while the database was away.
        const unexpected = interactions.filter(
          (a) => !a.content.startsWith(notLinkedReply) && !a.content.startsWith(databaseAwayReply),
        );
        expect(unexpected).toEqual([]);
        const during = interactions.filter((a) => a.askedAt >= cutStartedAt && a.answeredAt < cutEndedAt);
        expect(during.length).toBeGreaterThanOrEqual(instanceCount);
        expect(during.filter((answer) => !answer.content.startsWith(databaseAwayReply))).toEqual([]);
        const outside = interactions.filter((a) => a.answeredAt < cutStartedAt || askedWhenReady(a));
        expect(outside.filter((answer) => !answer.content.startsWith(notLinkedReply))).toEqual([]);

        // Exactly once, from what Discord holds.
        expect(await countInbox(store.db)).toBe(eventCount);
        expect(await countOutbox(store.db)).toBe(eventCount);
        const { wrong, posts } = checkPostedOnce(discord, channels, eventCount);
        expect(wrong).toEqual([]);
        expect(posts).toBe(eventCount);

        console.info(
          [
            `PostgreSQL failover test: the cut lasted ${cutEndedAt - cutStartedAt} ms`,
            `${relay.refused} connections refused meanwhile`,
            `ready again ${[...readyAgainAt.values()].map((at) => at - cutEndedAt).join(" and ")} ms after it`,
            `${eventCount} events, ${answers.length} webhook answers (${failedAnswers.length} 5xx, retried)`,
            `${interactions.length} interactions (${during.length} answered during the cut)`,
            `${discord.stats.channelMessagesCreated} messages`,
            `${discord.stats.channelMessagesDeduplicated} creates deduplicated by nonce`,
            `all delivered ${deliveredAt - loadEndedAt} ms after the load, ${deliveredAt - startedAt} ms in all`,
          ].join(", "),
        );
      } finally {
        openGate();
        await Promise.allSettled(members.map((member) => member.stop()));
      }
    }, 120_000);
  },
);
