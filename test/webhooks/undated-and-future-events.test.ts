// Events the inbox could not vouch for once it forgot them (docs/platform-assumptions.md, "Event times"): one
// without `created` is stored dead and posts nothing, and one dated further ahead of our clock than the
// allowance is refused for now (425) and stored once a retry is near enough, so no signed capture is ever
// posted twice, however it is replayed.
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { createLogger } from "../../src/logger.js";
import { createBotMetrics, type BotMetrics } from "../../src/metrics/bot-metrics.js";
import { defaultRetentionPolicy, pruneDelivered } from "../../src/outbox/prune-delivered.js";
import { findInboxEvent } from "../../src/store/inbox.js";
import { readOutboxHealth } from "../../src/store/outbox-health.js";
import { futureAllowanceMs } from "../../src/webhooks/future-event.js";
import { buildTestApp } from "../http/support/test-app.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { battleCompletedData, olderEvent, sign, standardEvent } from "./support/payloads.js";
import { operatorSecret } from "./support/receiver-app.js";
import { postDelivery } from "./support/receiver-per-test.js";
import { channelOf, guildA, subscribe } from "./support/seed.js";
import { countStored } from "./support/store-counts.js";

const createdAt = Date.UTC(2026, 10, 21, 10);
const hour = 60 * 60_000;
const data = battleCompletedData({ participants: [{ user_id: "usr_ada", username: "secret-looking-name" }] });
const dated = standardEvent({
  id: "evt_dated",
  event: "battle.completed",
  created: new Date(createdAt).toISOString(),
  data,
});
const undated = JSON.stringify({ id: "evt_undated", event: "battle.completed", data });
const undatedOlderForm = olderEvent({ event: "battle.completed", data: { battleId: "bat_1" } }).replace(
  /,?"timestamp":\d+/,
  "",
);

describe.each(testDatabases())("undated and future-dated webhook events on $name", (database) => {
  const store = useMigratedStore(database);
  const clock = new ManualClock(createdAt);
  let app: FastifyInstance | undefined;
  let metrics: BotMetrics;
  let lines: string[];
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function startReceiver(): Promise<FastifyInstance> {
    lines = [];
    const logger = createLogger(
      { level: "info" },
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          lines.push(chunk.toString("utf8"));
          callback();
        },
      }),
    );
    metrics = createBotMetrics(() => readOutboxHealth(store.db, clock.now()), clock);
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
    return app;
  }

  const deliver = (receiver: FastifyInstance, body: string) =>
    postDelivery(receiver, body, { "x-service-signature": sign(body, operatorSecret) });

  async function countReceived(status: string): Promise<number> {
    const counter = await metrics.registry.getSingleMetric("arena_webhook_events_total")?.get();
    return counter?.values.find((value) => value.labels.status === status)?.value ?? 0;
  }

  function logLinesOf(eventId: string): Record<string, unknown>[] {
    return lines
      .join("")
      .split("\n")
      .filter((line) => line.includes(`"eventId":"${eventId}"`))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  /** Marks what was queued as posted, then prunes as the outbox worker does `afterMs` from now. */
  async function postAndPrune(afterMs: number): Promise<void> {
    await store.db.updateTable("outbox").set({ status: "delivered" }).execute();
    clock.advance(afterMs);
    await pruneDelivered(store.db, { ...defaultRetentionPolicy, now: clock.now() });
  }

  it("stores an event without created as dead, with its reason, and queues no post", async () => {
    clock.set(createdAt);
    const receiver = await startReceiver();

    const response = await deliver(receiver, undated);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "dead", eventId: "evt_undated" });
    expect(await countStored(store.db)).toEqual({ inbox: 1, outbox: 0 });
    expect(await findInboxEvent(store.db, { source: "operator", eventId: "evt_undated" })).toMatchObject({
      status: "dead",
      error: "created: missing or not a readable time",
    });
    expect(await countReceived("dead")).toBe(1);
  });

  it("stores an older-form event without timestamp as dead", async () => {
    clock.set(createdAt);
    const receiver = await startReceiver();
    expect(undatedOlderForm).not.toContain("timestamp");

    const response = await deliver(receiver, undatedOlderForm);

    expect(response.json()).toMatchObject({ status: "dead" });
    expect(await countStored(store.db)).toEqual({ inbox: 1, outbox: 0 });
  });

  it("posts nothing for a capture of an undated event replayed after the inbox forgot it", async () => {
    clock.set(createdAt);
    const receiver = await startReceiver();
    expect((await deliver(receiver, undated)).json()).toMatchObject({ status: "dead" });
    await postAndPrune(defaultRetentionPolicy.inboxRetentionMs + hour);
    expect(await countStored(store.db)).toEqual({ inbox: 0, outbox: 0 });

    const replay = await deliver(receiver, undated);

    expect(replay.json()).toEqual({ status: "dead", eventId: "evt_undated" });
    expect(await countStored(store.db)).toEqual({ inbox: 1, outbox: 0 });
  });

  it("stores an event dated ahead of our clock by no more than the allowance", async () => {
    clock.set(createdAt - futureAllowanceMs);
    const receiver = await startReceiver();

    const response = await deliver(receiver, dated);

    expect(response.json()).toEqual({ status: "accepted", eventId: "evt_dated" });
    expect(await countStored(store.db)).toEqual({ inbox: 1, outbox: 1 });
  });

  it("answers an event dated further ahead 425 for a retry, stores and routes nothing, warns and counts it", async () => {
    clock.set(createdAt - futureAllowanceMs - 1);
    const receiver = await startReceiver();

    const response = await deliver(receiver, dated);

    expect(response.statusCode).toBe(425);
    expect(response.json()).toEqual({ error: "too_early", eventId: "evt_dated" });
    expect(await countStored(store.db)).toEqual({ inbox: 0, outbox: 0 });
    expect(await countReceived("future")).toBe(1);
    expect(logLinesOf("evt_dated")).toEqual([
      expect.objectContaining({ level: 40, eventId: "evt_dated", aheadMs: futureAllowanceMs + 1 }),
    ]);
    expect(lines.join("")).not.toContain("secret-looking-name");

    // The platform's retry, once our clock is within the allowance of the event's date: stored and routed.
    clock.advance(1);
    const retried = await deliver(receiver, dated);

    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ status: "accepted", eventId: "evt_dated" });
    expect(await countStored(store.db)).toEqual({ inbox: 1, outbox: 1 });
  });

  it("posts a capture dated hours ahead at most once, however it is replayed", async () => {
    clock.set(createdAt - 2 * hour);
    const receiver = await startReceiver();
    expect((await deliver(receiver, dated)).json()).toMatchObject({ error: "too_early" });
    expect(await countStored(store.db)).toEqual({ inbox: 0, outbox: 0 });

    // Replayed once its date has come: taken as new, and posted.
    clock.set(createdAt);
    expect((await deliver(receiver, dated)).json()).toMatchObject({ status: "accepted" });
    expect(await countStored(store.db)).toEqual({ inbox: 1, outbox: 1 });

    // Replayed once the inbox forgot it: too old to be anything but a replay.
    await postAndPrune(defaultRetentionPolicy.inboxRetentionMs + 1);
    expect(await countStored(store.db)).toEqual({ inbox: 0, outbox: 0 });
    expect((await deliver(receiver, dated)).json()).toMatchObject({ status: "stale" });
    expect(await countStored(store.db)).toEqual({ inbox: 0, outbox: 0 });
  });

  it("posts a capture dated the whole allowance ahead only once, even replayed the moment the inbox forgets it", async () => {
    clock.set(createdAt - futureAllowanceMs);
    const receiver = await startReceiver();
    expect((await deliver(receiver, dated)).json()).toMatchObject({ status: "accepted" });

    await postAndPrune(defaultRetentionPolicy.inboxRetentionMs + 1);
    expect(await countStored(store.db)).toEqual({ inbox: 0, outbox: 0 });
    const replay = await deliver(receiver, dated);

    expect(replay.json()).toEqual({ status: "stale", eventId: "evt_dated" });
    expect(await countStored(store.db)).toEqual({ inbox: 0, outbox: 0 });
  });
});
