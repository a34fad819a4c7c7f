// Events older than the inbox remembers are acknowledged and dropped (src/webhooks/stale-event.ts), so a
// signed capture replayed after the inbox was pruned posts nothing.
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { createLogger } from "../../src/logger.js";
import { createBotMetrics, type BotMetrics } from "../../src/metrics/bot-metrics.js";
import { pruneDelivered, defaultRetentionPolicy } from "../../src/outbox/prune-delivered.js";
import { readOutboxHealth } from "../../src/store/outbox-health.js";
import { staleEventAgeMs } from "../../src/webhooks/stale-event.js";
import { buildTestApp } from "../http/support/test-app.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { battleCompletedData, sign, standardEvent } from "./support/payloads.js";
import { operatorSecret } from "./support/receiver-app.js";
import { postDelivery } from "./support/receiver-per-test.js";
import { channelOf, guildA, subscribe } from "./support/seed.js";
import { countStored } from "./support/store-counts.js";

const createdAt = Date.UTC(2026, 10, 21, 10);
const hour = 60 * 60_000;

describe.each(testDatabases())("stale webhook events on $name", (database) => {
  const store = useMigratedStore(database);
  const clock = new ManualClock(createdAt);
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function startReceiver(): Promise<{ metrics: BotMetrics; logs: () => string }> {
    clock.set(createdAt);
    const lines: string[] = [];
    const logger = createLogger(
      { level: "info" },
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          lines.push(chunk.toString("utf8"));
          callback();
        },
      }),
    );
    const metrics = createBotMetrics(() => readOutboxHealth(store.db, clock.now()), clock);
    app = await buildTestApp({
      db: store.db,
      clock,
      logger,
      metrics,
      env: { PLATFORM_WEBHOOK_SECRET: operatorSecret },
    });
    await subscribe(store.db, {
      guildId: guildA,
      channelId: channelOf(guildA, 1),
      kinds: ["battle.completed"],
    });
    return { metrics, logs: () => lines.join("") };
  }

  const body = standardEvent({
    id: "evt_captured",
    event: "battle.completed",
    created: new Date(createdAt).toISOString(),
    data: battleCompletedData({ participants: [{ user_id: "usr_ada", username: "secret-looking-name" }] }),
  });
  const deliver = (receiver: FastifyInstance) =>
    postDelivery(receiver, body, { "x-service-signature": sign(body, operatorSecret) });

  async function countStale(metrics: BotMetrics): Promise<number> {
    const counter = await metrics.registry.getSingleMetric("arena_webhook_events_total")?.get();
    return counter?.values.find((value) => value.labels.status === "stale")?.value ?? 0;
  }

  it("acknowledges an event older than the inbox remembers, stores and routes nothing, and counts it", async () => {
    const { metrics, logs } = await startReceiver();
    clock.set(createdAt + staleEventAgeMs + 1);

    const response = await deliver(app!);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "stale", eventId: "evt_captured" });
    expect(await countStored(store.db)).toEqual({ inbox: 0, outbox: 0 });
    expect(await countStale(metrics)).toBe(1);
    const warning = logs()
      .split("\n")
      .filter((line) => line.includes('"eventId":"evt_captured"'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(warning).toEqual([
      expect.objectContaining({ level: 40, eventId: "evt_captured", ageMs: staleEventAgeMs + 1 }),
    ]);
    expect(logs()).not.toContain("secret-looking-name");
  });

  it("stores and routes an event just within the window", async () => {
    const { metrics } = await startReceiver();
    clock.set(createdAt + staleEventAgeMs);

    const response = await deliver(app!);

    expect(response.json()).toEqual({ status: "accepted", eventId: "evt_captured" });
    expect(await countStored(store.db)).toEqual({ inbox: 1, outbox: 1 });
    expect(await countStale(metrics)).toBe(0);
  });

  it("posts nothing for a capture replayed after the inbox forgot it", async () => {
    await startReceiver();
    const first = await deliver(app!);
    expect(first.json()).toEqual({ status: "accepted", eventId: "evt_captured" });
    await store.db.updateTable("outbox").set({ status: "delivered" }).execute();

    clock.set(createdAt + defaultRetentionPolicy.inboxRetentionMs + hour);
    await pruneDelivered(store.db, { ...defaultRetentionPolicy, now: clock.now() });
    expect(await countStored(store.db)).toEqual({ inbox: 0, outbox: 0 });

    const replay = await deliver(app!);

    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ status: "stale", eventId: "evt_captured" });
    expect(await countStored(store.db)).toEqual({ inbox: 0, outbox: 0 });
  });
});
