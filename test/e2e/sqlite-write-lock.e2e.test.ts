// docs/architecture.md, "The core": while another connection holds SQLite's write lock for 10 s, the bot
// (its own process, on a file database) keeps answering GET /healthz throughout, its event loop never held
// as a write waiting for the lock would hold it, answers every webhook sent meanwhile (200 once the lock
// clears, or a 5xx that the platform retries, as this test does), and afterwards holds each event exactly
// once. Held past the busy timeout, the lock makes /readyz answer 503 "cannot write: locked", and 200 again
// once it is released. Before the connection moved off the event loop, busy_timeout waited on it: /healthz
// took seconds and the whole process stood still.
import { createHmac } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { findFreePort } from "../../playground/free-port.js";
import { buildSandbox, type Sandbox } from "../../sandbox/sandbox.js";
import { seedSubscribedFile, sqliteBotSettings } from "./support/sqlite-bot-file.js";
import { spawnBot, waitForReady, type BotProcess } from "./support/bot-process.js";
import { waitUntil } from "./support/wait-until.js";
import { messageThreadSource } from "../../src/store/message-threads.js";

const webhookSecret = "write-lock-test-operator-secret";
const lockHeldMs = 10_000;
const webhookCount = 20;
/**
 * What a blocked event loop misses and a busy machine does not, read on the bot's own loop over the whole
 * lock (its metrics' `nodejs_eventloop_lag_max_seconds`, `monitorEventLoopDelay`), and for each /healthz round
 * trip timed from here: one second, where a write on the loop would hold it for the busy timeout (5 s). Alone
 * the loop's delay stays under 50 ms, under 120 ms beside four processes each spinning a core, and 96-200 ms in
 * whole runs. Fresh-clone runs with the bot started with `--enable-source-maps` saw 177-670 ms and once 1,038
 * ms, likely most of it the bundle's source map decoded on the loop for the first stack a failed write logged
 * (bot-process.ts).
 */
const blockedLoopBoundMs = 1000;

describe("a bot whose SQLite file is write-locked by another connection for 10 s", () => {
  let discord: FakeDiscord;
  let sandbox: Sandbox;
  let dataDir: string;
  let databasePath: string;
  let botUrl: string;
  let metricsUrl: string;
  let bot: BotProcess | undefined;

  /** The bot's longest event-loop delay since the last read, in ms (prom-client resets it at each scrape). */
  async function readLoopDelayMaxMs(): Promise<number> {
    const text = await (await fetch(metricsUrl, { signal: AbortSignal.timeout(30_000) })).text();
    const seconds = /^nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(text)?.[1];
    if (seconds === undefined) throw new Error("the bot's metrics have no nodejs_eventloop_lag_max_seconds");
    return Number(seconds) * 1000;
  }

  beforeAll(async () => {
    discord = await createFakeDiscord();
    sandbox = await buildSandbox({ seed: false });
    await sandbox.listen(0, "127.0.0.1");
    const guild = discord.createGuild({ name: "Locked" });
    const channel = discord.createChannel(guild.id, { name: "feed" });

    dataDir = await mkdtemp(join(tmpdir(), "arena-write-lock-"));
    databasePath = join(dataDir, "bot.sqlite");
    await seedSubscribedFile(databasePath, {
      guildId: guild.id,
      channelId: channel.id,
      createdBy: "write-lock-test",
    });

    const port = await findFreePort();
    const metricsPort = await findFreePort();
    botUrl = `http://127.0.0.1:${port}`;
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    bot = spawnBot("src/main.ts", {
      ...sqliteBotSettings({ discord, sandbox, webhookSecret, databasePath, dataDir, port, metricsPort }),
    });
    await waitForReady(bot, botUrl);
  }, 60_000);

  afterAll(async () => {
    await bot?.kill();
    await discord.close();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** One event, delivered as the platform does: sent again after any 5xx or cut connection until a 2xx. */
  async function deliverUntilAccepted(id: string): Promise<{ attempts: number; statuses: number[] }> {
    const body = JSON.stringify({
      id,
      event: "system.tournament_started",
      created: new Date().toISOString(),
      data: { object: "tournament", id: `trn_${id}`, title: `Cup ${id}` },
    });
    const signature = `sha256=${createHmac("sha256", webhookSecret).update(body).digest("hex")}`;
    const statuses: number[] = [];
    for (;;) {
      const response = await fetch(`${botUrl}/webhooks/platform`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-service-signature": signature },
        body,
        signal: AbortSignal.timeout(60_000),
      });
      statuses.push(response.status);
      await response.arrayBuffer();
      if (response.ok) return { attempts: statuses.length, statuses };
      expect(response.status, `event ${id}`).toBeGreaterThanOrEqual(500);
    }
  }

  it("keeps its loop free and /healthz answering, answers every webhook, and stores each event once", async () => {
    // Read once before the lock, so that the next read covers the lock alone.
    await readLoopDelayMaxMs();
    const holder = new SqliteDatabase(databasePath);
    holder.pragma("busy_timeout = 5000");
    holder.exec("begin immediate");
    const lockedAt = Date.now();
    let released = false;

    const healthzTimes: number[] = [];
    const probeHealthz = async (): Promise<void> => {
      while (!released) {
        const started = performance.now();
        const response = await fetch(`${botUrl}/healthz`, { signal: AbortSignal.timeout(30_000) });
        await response.arrayBuffer();
        expect(response.status).toBe(200);
        healthzTimes.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const probing = probeHealthz();

    // The events go out while the lock is held, one every 400 ms.
    const ids = Array.from({ length: webhookCount }, (_, index) => `evt_write_lock_${index}`);
    const deliveries: Promise<{ attempts: number; statuses: number[] }>[] = [];
    for (const id of ids) {
      deliveries.push(deliverUntilAccepted(id));
      await new Promise((resolve) => setTimeout(resolve, (lockHeldMs * 0.8) / webhookCount));
    }
    const waitLeft = lockHeldMs - (Date.now() - lockedAt);
    if (waitLeft > 0) await new Promise((resolve) => setTimeout(resolve, waitLeft));
    // Held past the busy timeout, the lock is a fault readiness names; it is held until /readyz said so.
    let lockedReadiness: unknown;
    await waitUntil(
      async () => {
        const response = await fetch(`${botUrl}/readyz`, { signal: AbortSignal.timeout(30_000) });
        lockedReadiness = await response.json();
        return response.status === 503;
      },
      { timeoutMs: 60_000, what: "/readyz to answer 503 while the lock is held", intervalMs: 100 },
    );
    expect(lockedReadiness).toMatchObject({
      checks: { database: expect.stringMatching(/^cannot write: locked \(since /) as unknown },
    });
    holder.exec("rollback");
    released = true;
    await probing;
    const loopDelayMaxMs = await readLoopDelayMaxMs();
    await waitUntil(
      async () => (await fetch(`${botUrl}/readyz`, { signal: AbortSignal.timeout(30_000) })).status === 200,
      { timeoutMs: 60_000, what: "/readyz to answer 200 once the lock is released", intervalMs: 100 },
    );

    const outcomes = await Promise.all(deliveries);
    expect(healthzTimes.length).toBeGreaterThan(lockHeldMs / 1000);
    expect(loopDelayMaxMs, "the bot's longest event-loop delay over the lock, in ms").toBeLessThan(
      blockedLoopBoundMs,
    );
    const slowest = [...healthzTimes].sort((a, b) => b - a).slice(0, 5);
    expect(
      Math.max(...healthzTimes),
      `the slowest /healthz round trips, in ms: ${slowest.map((ms) => ms.toFixed(0)).join(", ")}`,
    ).toBeLessThan(blockedLoopBoundMs);
    // Nothing was committed while the lock was held, so each event was answered after it or refused.
    expect(outcomes.every((outcome) => outcome.statuses.at(-1) === 200)).toBe(true);

    const stored = holder
      .prepare(
        "select event_id as id, count(*) as copies from inbox_events where source != ? group by event_id order by event_id",
      )
      .all(messageThreadSource) as { id: string; copies: number }[];
    expect(stored).toEqual([...ids].sort().map((id) => ({ id, copies: 1 })));
    // Posts only: a tournament's post, once out, queues its thread's start beside it.
    const queued = holder.prepare("select count(*) as rows from outbox where action = 'post'").get() as {
      rows: number;
    };
    expect(queued.rows).toBe(webhookCount);
    holder.close();
    console.info(
      `write-lock test: the bot's loop delayed at most ${loopDelayMaxMs.toFixed(0)} ms; ` +
        `/healthz max ${Math.max(...healthzTimes).toFixed(0)} ms over ${healthzTimes.length} probes; ` +
        `webhook attempts ${outcomes.map((outcome) => outcome.attempts).join(",")}`,
    );
  }, 120_000);
});
