/**
 * Fan-out benchmark (docs/architecture.md, "Performance targets": one event to 1,000 channels at ≥ 0.9 × the
 * global limit's throughput, zero 429s, zero duplicates). Run: npx tsx bench/fan-out.ts [channels] [limit/s]
 * [REST offset ms] [--cold]
 *
 * The real outbox worker, SQLite in a temp file (WAL, fsync'd commits, as the bot runs by default) and
 * @discordjs/rest post one event to every channel through the fake Discord on 127.0.0.1, whose global limit
 * is a fixed 1 s window opened by the first request it receives. The baseline is that limit.
 *
 * The rate is the steady one, measured between two deliveries at the same point of a window: the first
 * delivery, and the first of the last window (the (N − limit + 1)th); (N − limit) messages went in between.
 * Counting all N over the wall time would flatter the sender (a fixed window lets the first `limit` through
 * at once), and timing to the very last delivery would add the last burst's processing to the window time.
 * The wall time is printed too.
 *
 * Before the fan-out the bot makes one request (GET /gateway/bot, as at login), so the process is warm as a
 * running bot is. `--cold` skips it: a process's very first request takes ~100 ms here (JIT, first
 * connections), more than @discordjs/rest's 50 ms offset, so the fake's first window (opened on arrival) is
 * still open when the client's second one begins (opened on dispatch), and a few requests get 429s.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { REST } from "@discordjs/rest";
import { Routes } from "discord-api-types/v10";
import { systemClock } from "../src/clock.js";
import { createFakeDiscord, type FakeDiscord } from "../fake-discord/index.js";
import { createLogger } from "../src/logger.js";
import { createOutboxWorker, type RenderOutboxEntry } from "../src/outbox/index.js";
import { createDb } from "../src/store/create-db.js";
import type { Database } from "../src/store/database.js";
import { findInboxEvent, insertInboxEvent } from "../src/store/inbox.js";
import { migrateToLatest } from "../src/store/migrate.js";
import { enqueueOutbox } from "../src/store/outbox.js";
import { createSubscription } from "../src/store/subscriptions.js";
import type { Kysely } from "kysely";

const positional = process.argv.slice(2).filter((argument) => !argument.startsWith("--"));
const channelCount = Number(positional[0] ?? 1000);
const perSecond = Number(positional[1] ?? 200);
const restOffsetMs = positional[2] === undefined ? undefined : Number(positional[2]);
const cold = process.argv.includes("--cold");
const channelsPerGuild = 10;
const targetRatio = 0.9;
const eventId = "evt_tournament_started";

interface Target {
  readonly guildId: string;
  readonly channelId: string;
}

/** Guilds of ten channels, each subscribed: a tournament start goes to every one of them. */
async function seed(db: Kysely<Database>, fake: FakeDiscord, now: number): Promise<Target[]> {
  const targets: Target[] = [];
  let guildId = "";
  for (let index = 0; index < channelCount; index++) {
    if (index % channelsPerGuild === 0) guildId = fake.createGuild({ name: `Guild ${index}` }).id;
    targets.push({ guildId, channelId: fake.createChannel(guildId, { name: `announcements-${index}` }).id });
  }
  // As the webhook receiver does: the inbox event and its outbox rows in one transaction
  // (docs/architecture.md, "Webhooks in").
  await db.transaction().execute(async (trx) => {
    const payload = { title: "Spring Cup has started", tournamentId: "t_1" };
    await insertInboxEvent(trx, {
      eventId,
      kind: "system.tournament_started",
      source: "operator",
      status: "accepted",
      payload,
      receivedAt: now,
    });
    for (const target of targets) {
      const subscription = await createSubscription(trx, {
        ...target,
        eventKinds: ["system.tournament_started"],
        filters: {},
        createdBy: "100000000000000009",
        now,
      });
      await enqueueOutbox(trx, {
        source: "operator",
        eventId,
        ...target,
        subscriptionId: subscription.id,
        action: "post",
        targetMessageId: null,
        now,
      });
    }
  });
  return targets;
}

function renderTournamentStarted(db: Kysely<Database>): RenderOutboxEntry {
  return async (entry) => {
    const event = await findInboxEvent(db, { source: entry.source, eventId: entry.eventId });
    const { title } = event?.payload as { title: string };
    return { embeds: [{ title, description: "Registration is open.", color: 0x5865f2 }] };
  };
}

const folder = mkdtempSync(path.join(os.tmpdir(), "fan-out-"));
const store = await createDb(`file:${path.join(folder, "bot.sqlite")}`);
const fake = await createFakeDiscord({ globalRateLimit: { perSecond } });
const rest = new REST({
  api: fake.apiUrl,
  globalRequestsPerSecond: perSecond,
  ...(restOffsetMs === undefined ? {} : { offset: restOffsetMs }),
}).setToken(fake.botToken);
try {
  await migrateToLatest(store.db);
  const targets = await seed(store.db, fake, systemClock.now());
  if (!cold) await rest.get(Routes.gatewayBot());
  fake.resetStats();

  const deliveredAt: number[] = [];
  let otherOutcomes = 0;
  let allHandled: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (allHandled = resolve));
  const worker = createOutboxWorker({
    db: store.db,
    rest,
    sources: { fallback: { render: renderTournamentStarted(store.db) } },
    clock: systemClock,
    logger: createLogger({ level: "warn" }),
    owner: "bench",
    onResult: (result) => {
      if (result.outcome === "delivered") deliveredAt.push(performance.now());
      else otherOutcomes += 1;
      if (deliveredAt.length + otherOutcomes === channelCount) allHandled();
    },
  });
  const started = performance.now();
  worker.start();
  worker.notify();
  await finished;
  const wallSeconds = (performance.now() - started) / 1000;
  await worker.drain();

  const first = deliveredAt[0] ?? 0;
  const firstOfLastWindow = deliveredAt[deliveredAt.length - perSecond] ?? 0;
  const rate = (deliveredAt.length - perSecond) / ((firstOfLastWindow - first) / 1000);
  const ratio = rate / perSecond;
  const duplicates = targets.reduce(
    (sum, target) => sum + Math.max(0, fake.messages(target.channelId).length - 1),
    0,
  );
  const missing = targets.filter((target) => fake.messages(target.channelId).length === 0).length;
  const rateLimited = fake.stats.rateLimited;
  console.log(
    `fan-out ${channelCount} channels: ${rate.toFixed(1)} msg/s | limit ${perSecond} msg/s | ` +
      `ratio ${ratio.toFixed(2)} (target ≥ ${targetRatio}) | 429s ${rateLimited} | duplicates ${duplicates}` +
      ` | missing ${missing} | ${wallSeconds.toFixed(2)} s in all` +
      (restOffsetMs === undefined ? "" : ` | REST offset ${restOffsetMs} ms`) +
      (cold ? " | cold start" : ""),
  );
  const met = ratio >= targetRatio && rateLimited === 0 && duplicates === 0 && missing === 0;
  if (!met) {
    console.log("fan-out: a target was MISSED");
    process.exitCode = 1;
  }
} finally {
  rest.clearHashSweeper();
  rest.clearHandlerSweeper();
  await fake.close();
  await store.close();
  rmSync(folder, { recursive: true, force: true });
}
