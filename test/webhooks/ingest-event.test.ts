import { describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { findInboxEvent, insertInboxEvent } from "../../src/store/inbox.js";
import { toOutboxEntry } from "../../src/store/outbox.js";
import type { EventSource } from "../../src/webhooks/event-source.js";
import { ingestEvent } from "../../src/webhooks/ingest-event.js";
import { normaliseEvent } from "../../src/webhooks/normalise-event.js";
import { readStoredEvent } from "../../src/webhooks/stored-event.js";
import { testDatabases, useMigratedStore, type MigratedStore } from "../store/databases.js";
import { failSecondOutboxRowOf, removeFault } from "./support/faults.js";
import { battleCompletedData, standardEvent } from "./support/payloads.js";
import { channelOf, guildA, guildB, guildC, postBattleCard, subscribe } from "./support/seed.js";

const operator: EventSource = { type: "operator" };
const endpointOfB: EventSource = { type: "endpoint", endpointId: "endpointOfGuildB00000", guildId: guildB };

async function outboxRows(store: MigratedStore) {
  const rows = await store.db
    .selectFrom("outbox")
    .selectAll()
    .orderBy("channel_id")
    .orderBy("action")
    .execute();
  return rows.map(toOutboxEntry);
}

async function inboxCount(store: MigratedStore): Promise<number> {
  return (await store.db.selectFrom("inbox_events").select("event_id").execute()).length;
}

async function subscribeEveryGuild(store: MigratedStore): Promise<void> {
  for (const guildId of [guildA, guildB, guildC]) {
    await subscribe(store.db, { guildId, channelId: channelOf(guildId, 1), kinds: ["battle.completed"] });
  }
}

describe.each(testDatabases())("ingesting on $name", (database) => {
  const store = useMigratedStore(database);
  const clock = new ManualClock(Date.UTC(2026, 10, 21, 12));
  const ingest = (body: string, source: EventSource = operator) =>
    ingestEvent({ db: store.db, clock }, { rawBody: Buffer.from(body, "utf8"), source });

  it("stores the normalised event and queues one outbox row per target, in one go", async () => {
    await subscribeEveryGuild(store);
    await postBattleCard(store.db, {
      battleId: "bat_1",
      guildId: guildA,
      channelId: channelOf(guildA, 5),
      messageId: "500000000000000001",
    });
    const body = standardEvent({ id: "evt_1", event: "battle.completed", data: battleCompletedData() });

    const result = await ingest(body);

    expect(result).toEqual({ status: "accepted", eventId: "evt_1", enqueued: 4 });
    const stored = await findInboxEvent(store.db, "evt_1");
    expect(stored).toMatchObject({
      kind: "battle.completed",
      source: "operator",
      status: "accepted",
      error: null,
      receivedAt: clock.now(),
    });
    const normalised = normaliseEvent(Buffer.from(body), clock.now());
    expect(normalised.ok && JSON.parse(JSON.stringify(normalised.event))).toEqual(stored?.payload);
    expect(readStoredEvent(stored?.payload)).toMatchObject({
      id: "evt_1",
      kind: "battle.completed",
      data: { battleId: "bat_1" },
    });

    const rows = await outboxRows(store);
    expect(rows.map((row) => [row.guildId, row.channelId, row.action, row.targetMessageId])).toEqual([
      [guildA, channelOf(guildA, 1), "post", null],
      [guildA, channelOf(guildA, 5), "edit", "500000000000000001"],
      [guildB, channelOf(guildB, 1), "post", null],
      [guildC, channelOf(guildC, 1), "post", null],
    ]);
    expect(
      rows.every((row) => row.eventId === "evt_1" && row.status === "pending" && row.attempts === 0),
    ).toBe(true);
    expect(rows.every((row) => row.nextAttemptAt === clock.now() && row.id.length <= 25)).toBe(true);
  });

  it("does nothing more for a duplicate, even when the routes changed since", async () => {
    await subscribeEveryGuild(store);
    const body = standardEvent({ id: "evt_dup", event: "battle.completed", data: battleCompletedData() });
    await ingest(body);
    await subscribe(store.db, {
      guildId: guildA,
      channelId: channelOf(guildA, 9),
      kinds: ["battle.completed"],
    });

    expect(await ingest(body)).toEqual({ status: "duplicate", eventId: "evt_dup", enqueued: 0 });
    expect(await outboxRows(store)).toHaveLength(3);
    expect(await inboxCount(store)).toBe(1);
  });

  it("stores an unknown kind and ignores it", async () => {
    await subscribeEveryGuild(store);
    const result = await ingest(
      standardEvent({ id: "evt_new", event: "battle.paused", data: { id: "bat_1" } }),
    );
    expect(result).toEqual({ status: "ignored", eventId: "evt_new", enqueued: 0 });
    expect(await findInboxEvent(store.db, "evt_new")).toMatchObject({
      kind: "battle.paused",
      status: "ignored",
    });
    expect(await outboxRows(store)).toEqual([]);
  });

  it("dead-letters a malformed payload with its error and body, and treats its retry as a duplicate", async () => {
    await subscribeEveryGuild(store);
    const body = standardEvent({ id: "evt_bad", event: "battle.completed", data: { mode: "realtime" } });
    const result = await ingest(body);
    expect(result).toMatchObject({
      status: "dead",
      eventId: "evt_bad",
      enqueued: 0,
      error: expect.stringContaining("data.id"),
    });
    expect(await findInboxEvent(store.db, "evt_bad")).toMatchObject({
      kind: "battle.completed",
      status: "dead",
      error: expect.stringContaining("data.id"),
      payload: { body },
    });
    expect(await ingest(body)).toMatchObject({ status: "duplicate", eventId: "evt_bad" });
    expect(await outboxRows(store)).toEqual([]);
  });

  it("stores hostile text (NUL, lone surrogates, invalid UTF-8) without failing", async () => {
    await subscribeEveryGuild(store);
    const nasty = "a\u0000b\ud800c";
    const event = standardEvent({
      id: "evt_nasty",
      event: "battle.completed",
      data: battleCompletedData({ mode: nasty, [nasty]: nasty, problem: { title: nasty } }),
    });
    expect(await ingest(event)).toMatchObject({ status: "accepted", enqueued: 3 });
    expect(await ingest(`{"id":"evt_raw","event":"x.y","data":\u0000}`)).toMatchObject({ status: "dead" });
    const invalidUtf8 = Buffer.concat([
      Buffer.from('{"id":"evt_bytes","event":"x.y","data":{"a":"'),
      Buffer.from([0xff, 0xfe, 0x00]),
      Buffer.from('"}}'),
    ]);
    expect(
      await ingestEvent({ db: store.db, clock }, { rawBody: invalidUtf8, source: operator }),
    ).toMatchObject({ status: "dead" });
    expect(await inboxCount(store)).toBe(3);
  });

  it("confines an event from a guild's endpoint to that guild and records where it came from", async () => {
    await subscribeEveryGuild(store);
    const result = await ingest(
      standardEvent({ id: "evt_b", event: "battle.completed", data: battleCompletedData() }),
      endpointOfB,
    );
    expect(result).toMatchObject({ status: "accepted", enqueued: 1 });
    expect((await outboxRows(store)).map((row) => row.guildId)).toEqual([guildB]);
    expect(await findInboxEvent(store.db, "evt_b")).toMatchObject({ source: "endpointOfGuildB00000" });
  });

  it("gives each channel one post when the operator and a guild endpoint both deliver an event", async () => {
    await subscribeEveryGuild(store);
    const body = standardEvent({ id: "evt_both", event: "battle.completed", data: battleCompletedData() });
    const keyedBySource = await isInboxKeyedBySource(store);

    const fromGuild = await ingest(body, endpointOfB);
    const fromOperator = await ingest(body, operator);

    expect(fromGuild).toMatchObject({ status: "accepted", enqueued: 1 });
    const channels = (await outboxRows(store)).map((row) => row.channelId);
    if (keyedBySource) {
      // The operator's copy still reaches every other guild; guild B's channel is not posted twice.
      expect(fromOperator).toMatchObject({ status: "accepted", enqueued: 2 });
      expect(channels).toEqual([channelOf(guildA, 1), channelOf(guildB, 1), channelOf(guildC, 1)]);
    } else {
      // With the inbox keyed by event id alone, the first source wins: the known limitation.
      expect(fromOperator).toMatchObject({ status: "duplicate" });
      expect(channels).toEqual([channelOf(guildB, 1)]);
    }
  });

  it("stores nothing when queueing fails part-way, so the platform's retry redoes it all", async () => {
    await subscribeEveryGuild(store);
    const body = standardEvent({ id: "evt_crash", event: "battle.completed", data: battleCompletedData() });
    await failSecondOutboxRowOf(store, database, "evt_crash");
    try {
      await expect(ingest(body)).rejects.toThrow(/injected fault/);
      expect(await inboxCount(store)).toBe(0);
      expect(await outboxRows(store)).toEqual([]);
    } finally {
      await removeFault(store, database);
    }
    expect(await ingest(body)).toMatchObject({ status: "accepted", enqueued: 3 });
    expect(await outboxRows(store)).toHaveLength(3);
  });
});

/** True once the inbox dedupes by (source, event id) rather than by event id alone. */
async function isInboxKeyedBySource(store: MigratedStore): Promise<boolean> {
  const probe = {
    eventId: "evt_probe",
    kind: "probe",
    status: "ignored",
    payload: {},
    receivedAt: 0,
  } as const;
  await insertInboxEvent(store.db, { ...probe, source: "probe-a" });
  const keyed = await insertInboxEvent(store.db, { ...probe, source: "probe-b" });
  await store.db.deleteFrom("inbox_events").where("event_id", "=", "evt_probe").execute();
  return keyed;
}
