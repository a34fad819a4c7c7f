// docs/operations.md, "When SQLite cannot write": the bot (its own process, on a file database capped by
// SQLITE_MAX_SIZE_MB) meets a full database, filled to its cap by another connection. Every webhook sent
// meanwhile is answered 200 or 503 within the platform's 10 s, never a crash; /readyz says 503 "cannot write:
// disk full" and the metric says so too, while /healthz stays 200. Once the ballast is deleted the bot finds
// out by itself (the metric recovers with nobody asking /readyz), the platform's retries of the refused
// events are accepted, and every event is stored once and posted once.
import { createHmac } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { findFreePort } from "../../playground/free-port.js";
import { buildSandbox, type Sandbox } from "../../sandbox/sandbox.js";
import { fillSqliteFile, type Ballast } from "../support/fill-sqlite-file.js";
import { seedSubscribedFile, sqliteBotSettings } from "./support/sqlite-bot-file.js";
import { spawnBot, waitForReady, type BotProcess } from "./support/bot-process.js";
import { waitUntil } from "./support/wait-until.js";

const webhookSecret = "disk-full-test-operator-secret";
const capMegabytes = 2;
const capPages = (capMegabytes * 1024 * 1024) / 4096;
/** The platform gives up on a delivery not answered within 10 s (docs/architecture.md, "Webhooks in"). */
const platformTimeoutMs = 10_000;

describe("a bot whose SQLite file reaches its size cap", () => {
  let discord: FakeDiscord;
  let sandbox: Sandbox;
  let dataDir: string;
  let databasePath: string;
  let channelId: string;
  let botUrl: string;
  let metricsUrl: string;
  let bot: BotProcess | undefined;
  let ballast: Ballast | undefined;

  beforeAll(async () => {
    // The test is about the database, not Discord's pace: at its real 5 posts per 5 s for one channel, the 45
    // posts would take 45 s to go out.
    discord = await createFakeDiscord({
      routeLimits: { "POST /channels/:channelId/messages": { limit: 50, windowMs: 1000 } },
    });
    sandbox = await buildSandbox({ seed: false });
    await sandbox.listen(0, "127.0.0.1");
    const guild = discord.createGuild({ name: "Full" });
    channelId = discord.createChannel(guild.id, { name: "feed" }).id;

    dataDir = await mkdtemp(join(tmpdir(), "arena-disk-full-"));
    databasePath = join(dataDir, "bot.sqlite");
    await seedSubscribedFile(databasePath, {
      guildId: guild.id,
      channelId: channelId,
      createdBy: "disk-full-test",
    });

    const [port, metricsPort] = [await findFreePort(), await findFreePort()];
    botUrl = `http://127.0.0.1:${port}`;
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    bot = spawnBot("src/main.ts", {
      ...sqliteBotSettings({ discord, sandbox, webhookSecret, databasePath, dataDir, port, metricsPort }),
      SQLITE_MAX_SIZE_MB: String(capMegabytes),
      // A post whose "delivered" mark the full disk refused is sent again soon, under the same nonce.
      OUTBOX_LEASE_SECONDS: "5",
    });
    await waitForReady(bot, botUrl);
  }, 60_000);

  afterAll(async () => {
    ballast?.close();
    await bot?.kill();
    await discord.close();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** A title no other one contains, so its posts are counted apart. */
  const titleOf = (index: number) => `Cup ${String(index).padStart(3, "0")}`;

  /** One delivery of event `index`, as the platform sends it; its status and how long the answer took. */
  async function deliver(index: number): Promise<{ status: number; tookMs: number }> {
    const body = JSON.stringify({
      id: `evt_disk_full_${index}`,
      event: "system.tournament_started",
      created: new Date().toISOString(),
      data: { object: "tournament", id: `trn_disk_full_${index}`, title: titleOf(index) },
    });
    const signature = `sha256=${createHmac("sha256", webhookSecret).update(body).digest("hex")}`;
    const started = performance.now();
    const response = await fetch(`${botUrl}/webhooks/platform`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-service-signature": signature },
      body,
      signal: AbortSignal.timeout(60_000),
    });
    await response.arrayBuffer();
    return { status: response.status, tookMs: performance.now() - started };
  }

  async function readiness(): Promise<{ status: number; body: { checks?: Record<string, string> } }> {
    const response = await fetch(`${botUrl}/readyz`, { signal: AbortSignal.timeout(30_000) });
    return { status: response.status, body: (await response.json()) as { checks?: Record<string, string> } };
  }

  async function scrape(): Promise<string> {
    const response = await fetch(metricsUrl, { signal: AbortSignal.timeout(30_000) });
    return response.text();
  }

  /** How many times each title was posted, across every message of the channel (posts may be combined). */
  function postsOf(title: string): number {
    return discord
      .messages(channelId)
      .flatMap((message) => message.embeds)
      .filter((embed) => JSON.stringify(embed).includes(title)).length;
  }

  it("answers 200 or 503 while full, reports it, recovers by itself, and stores and posts each event once", async () => {
    const before = [0, 1, 2, 3, 4];
    for (const index of before) expect((await deliver(index)).status).toBe(200);

    ballast = fillSqliteFile(databasePath, capPages);

    // During the fault: five at a time, so refused batches and lone writes are both met.
    const during = Array.from({ length: 40 }, (_, offset) => before.length + offset);
    const answers = new Map<number, { status: number; tookMs: number }>();
    for (let start = 0; start < during.length; start += 5) {
      const group = during.slice(start, start + 5);
      const results = await Promise.all(group.map((index) => deliver(index)));
      group.forEach((index, position) => answers.set(index, results[position] ?? { status: 0, tookMs: 0 }));
    }
    const statuses = [...answers.values()].map((answer) => answer.status);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(0);
    expect(Math.max(...[...answers.values()].map((answer) => answer.tookMs))).toBeLessThan(platformTimeoutMs);

    const unready = await readiness();
    expect(unready.status).toBe(503);
    expect(unready.body.checks?.database).toMatch(/^cannot write: disk full \(since \d{4}-\d\d-\d\dT/);
    expect((await fetch(`${botUrl}/healthz`)).status).toBe(200);
    expect(await scrape()).toContain('arena_database_write_fault{fault="disk full"} 1');

    // Space is freed; only the metrics are read until the bot's own probe has found it out.
    ballast.free();
    await waitUntil(async () => (await scrape()).includes("arena_database_write_fault_seconds 0\n"), {
      timeoutMs: 60_000,
      what: "the write fault metric to return to 0 with no other traffic",
      intervalMs: 250,
    });
    expect((await readiness()).status).toBe(200);

    // The platform's retries of what was refused.
    const refused = during.filter((index) => answers.get(index)?.status !== 200);
    for (const index of refused) expect((await deliver(index)).status).toBe(200);

    const all = [...before, ...during];
    const reader = new SqliteDatabase(databasePath, { readonly: true });
    const stored = reader
      // The platform's events; a tournament post's thread start keeps an inbox row of its own.
      .prepare(
        "select event_id as id, count(*) as copies from inbox_events where source != 'message-thread' group by event_id",
      )
      .all() as { id: string; copies: number }[];
    reader.close();
    expect(stored.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      all
        .map((index) => ({ id: `evt_disk_full_${index}`, copies: 1 }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    );

    await waitUntil(() => all.every((index) => postsOf(titleOf(index)) >= 1), {
      timeoutMs: 60_000,
      what: "every event to be posted",
      intervalMs: 100,
    });
    expect(all.map((index) => postsOf(titleOf(index)))).toEqual(all.map(() => 1));
    expect(bot?.child.exitCode).toBeNull();
    console.info(
      `disk-full test: ${refused.length} of ${during.length} refused with 503 during the fault; ` +
        `slowest answer ${Math.max(...[...answers.values()].map((answer) => answer.tookMs)).toFixed(0)} ms`,
    );
  }, 180_000);
});
