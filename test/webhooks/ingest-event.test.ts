import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eventStoredSubscribers } from "../../src/bot/event-stored-subscribers.js";
import { ManualClock } from "../../src/clock.js";
import { findInboxEvent, operatorSource, type InboxKey } from "../../src/store/inbox.js";
import { toOutboxEntry } from "../../src/store/outbox.js";
import type { EventSource } from "../../src/webhooks/event-source.js";
import { ingestEvent } from "../../src/webhooks/ingest-event.js";
import { keptBodyBytes } from "../../src/webhooks/kept-body.js";
import { normaliseEvent } from "../../src/events/normalise-event.js";
import { readStoredEvent } from "../../src/events/stored-event.js";
import { testDatabases, useMigratedStore, type MigratedStore } from "../store/databases.js";
import { failSecondOutboxRowOf, removeFault } from "./support/faults.js";
import { ratingSummaryWindowMs } from "../../src/webhooks/rating-summary-rows.js";
import { createTestSecretBox } from "../store/secret-box-fixture.js";
import { battleCompletedData, ratingChangedData, standardEvent } from "./support/payloads.js";
import { channelOf, guildA, guildB, guildC, linkMember, postBattleCard, subscribe } from "./support/seed.js";

const box = createTestSecretBox();
const operator: EventSource = { type: "operator" };
const endpointOfB: EventSource = { type: "endpoint", endpointId: "endpointOfGuildB00000", guildId: guildB };

function fromOperator(eventId: string): InboxKey {
  return { source: operatorSource, eventId };
}

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

function sha256Of(body: string): string {
  return createHash("sha256").update(body, "utf8").digest("hex");
}

/** A body of about `kib` KiB, its padding "€" (3 bytes), so a cut at a round number of bytes splits one. */
function paddedEvent(event: { readonly id: string; readonly event: string }, kib: number): string {
  return standardEvent({ ...event, data: { mode: "realtime", padding: "€".repeat((kib * 1024) / 3) } });
}

/** The payload column as stored, unparsed: what the row costs the database. */
async function storedPayloadText(store: MigratedStore, key: InboxKey): Promise<string> {
  const row = await store.db
    .selectFrom("inbox_events")
    .select("payload")
    .where("source", "=", key.source)
    .where("event_id", "=", key.eventId)
    .executeTakeFirstOrThrow();
  return row.payload;
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
    ingestEvent(
      { db: store.db, clock, subscribers: eventStoredSubscribers },
      { rawBody: Buffer.from(body, "utf8"), source },
    );

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
    const stored = await findInboxEvent(store.db, fromOperator("evt_1"));
    expect(stored).toMatchObject({
      kind: "battle.completed",
      source: "operator",
      status: "accepted",
      error: null,
      receivedAt: clock.now(),
    });
    const normalised = normaliseEvent(Buffer.from(body));
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

  it("queues a rating change with its contest, due once the summary window has passed", async () => {
    await linkMember(store.db, box, { guildId: guildA, userId: "201", platformUserId: "usr_ada" });
    await subscribe(store.db, {
      guildId: guildA,
      channelId: channelOf(guildA, 1),
      kinds: ["user.rating_changed", "battle.completed"],
    });
    const inTournament = { ...ratingChangedData("usr_ada", 1500, 1520), tournament_id: "trn_9" };
    const alone = { ...ratingChangedData("usr_ada", 1520, 1530), battle_id: undefined };

    await ingest(
      standardEvent({
        id: "evt_battle",
        event: "user.rating_changed",
        data: ratingChangedData("usr_ada", 1480, 1500),
      }),
    );
    await ingest(standardEvent({ id: "evt_tournament", event: "user.rating_changed", data: inTournament }));
    await ingest(standardEvent({ id: "evt_alone", event: "user.rating_changed", data: alone }));
    await ingest(standardEvent({ id: "evt_result", event: "battle.completed", data: battleCompletedData() }));

    const rows = await outboxRows(store);
    const byEvent = new Map(
      rows.map((row) => [row.eventId, [row.summaryKey, row.nextAttemptAt - clock.now()]]),
    );
    expect(Object.fromEntries(byEvent)).toEqual({
      evt_battle: ["battle:bat_1", ratingSummaryWindowMs],
      evt_tournament: ["tournament:trn_9", ratingSummaryWindowMs],
      evt_alone: [null, 0],
      evt_result: [null, 0],
    });
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

  it("stores an unknown kind with its data and ignores it", async () => {
    await subscribeEveryGuild(store);
    const result = await ingest(
      standardEvent({ id: "evt_new", event: "battle.paused", data: { id: "bat_1" } }),
    );
    expect(result).toEqual({ status: "ignored", eventId: "evt_new", enqueued: 0 });
    expect(await findInboxEvent(store.db, fromOperator("evt_new"))).toMatchObject({
      kind: "battle.paused",
      status: "ignored",
      payload: { id: "evt_new", rawKind: "battle.paused", data: { id: "bat_1" } },
    });
    expect(await outboxRows(store)).toEqual([]);
  });

  it("keeps of an unknown kind's 200 KiB body its envelope and a bounded beginning, length and hash, not its data", async () => {
    // The data and the request's idempotency key are both text of no set length.
    const body = JSON.stringify({
      id: "evt_big_new",
      event: "battle.paused",
      created: "2026-11-21T10:00:00.000Z",
      data: { padding: "€".repeat((100 * 1024) / 3) },
      request: { id: "req_1", idempotency_key: "k".repeat(100 * 1024) },
    });

    expect(await ingest(body, endpointOfB)).toEqual({
      status: "ignored",
      eventId: "evt_big_new",
      enqueued: 0,
    });

    const key = { source: "endpointOfGuildB00000", eventId: "evt_big_new" };
    const stored = await findInboxEvent(store.db, key);
    expect(stored).toMatchObject({ kind: "battle.paused", status: "ignored" });
    const payload = stored?.payload as { body: string };
    expect(payload).toEqual({
      id: "evt_big_new",
      rawKind: "battle.paused",
      createdAt: Date.parse("2026-11-21T10:00:00.000Z"),
      form: "standard",
      test: false,
      body: expect.any(String),
      truncated: true,
      bytes: Buffer.byteLength(body),
      sha256: sha256Of(body),
    });
    expect(body.startsWith(payload.body)).toBe(true);
    expect((await storedPayloadText(store, key)).length).toBeLessThan(keptBodyBytes + 1024);
  });

  it("dead-letters a malformed payload with its error and whole body, and treats its retry as a duplicate", async () => {
    await subscribeEveryGuild(store);
    const body = standardEvent({ id: "evt_bad", event: "battle.completed", data: { mode: "realtime" } });
    const result = await ingest(body);
    expect(result).toEqual({
      status: "dead",
      eventId: "evt_bad",
      enqueued: 0,
      error: expect.stringContaining("data.id"),
    });
    const stored = await findInboxEvent(store.db, fromOperator("evt_bad"));
    expect(stored).toMatchObject({
      kind: "battle.completed",
      status: "dead",
      error: expect.stringContaining("data.id"),
    });
    expect(stored?.payload).toEqual({
      body,
      truncated: false,
      bytes: Buffer.byteLength(body),
      sha256: sha256Of(body),
    });
    expect(await ingest(body)).toMatchObject({ status: "duplicate", eventId: "evt_bad" });
    expect(await outboxRows(store)).toEqual([]);
  });

  it("keeps of a 200 KiB malformed body a beginning cut before a character, its length and its hash", async () => {
    const body = paddedEvent({ id: "evt_huge", event: "battle.completed" }, 200);
    const small = standardEvent({ id: "evt_small", event: "battle.completed", data: { mode: "realtime" } });

    // The answer is the one a small malformed body gets.
    expect(await ingest(body, endpointOfB)).toEqual({
      ...(await ingest(small, endpointOfB)),
      eventId: "evt_huge",
    });

    const key = { source: "endpointOfGuildB00000", eventId: "evt_huge" };
    const stored = await findInboxEvent(store.db, key);
    expect(stored).toMatchObject({ kind: "battle.completed", status: "dead" });
    const payload = stored?.payload as { body: string };
    expect(payload).toEqual({
      body: expect.any(String),
      truncated: true,
      bytes: Buffer.byteLength(body),
      sha256: sha256Of(body),
    });
    // Cut on a character boundary: whole characters of the body, no replacement character at the end.
    expect(body.startsWith(payload.body)).toBe(true);
    // 8 KiB falls inside a "€" of this body, so the cut is the start of that character.
    expect(Buffer.byteLength(payload.body)).toBeLessThan(keptBodyBytes);
    expect(Buffer.byteLength(payload.body)).toBeGreaterThan(keptBodyBytes - 3);
    expect(payload.body.endsWith("€")).toBe(true);
    expect((await storedPayloadText(store, key)).length).toBeLessThan(keptBodyBytes + 1024);
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
      await ingestEvent(
        { db: store.db, clock, subscribers: eventStoredSubscribers },
        { rawBody: invalidUtf8, source: operator },
      ),
    ).toMatchObject({ status: "dead" });
    expect(await inboxCount(store)).toBe(3);
  });

  it("keeps display text with a NUL in it, from the operator and from a server's endpoint, without the NUL", async () => {
    await linkMember(store.db, box, { guildId: guildB, userId: "301", platformUserId: "usr_ada" });
    const rated = (id: string) =>
      standardEvent({
        id,
        event: "user.rating_changed",
        data: {
          ...ratingChangedData("usr_ada", 1500, 1516),
          user: { id: "usr_ada", username: "a\u0000da" },
          tier: "gold\u0000",
          previous_tier: "\u0000silver",
        },
      });
    expect(await ingest(rated("evt_nul1"))).toMatchObject({ status: "accepted" });
    expect(await ingest(rated("evt_nul2"), endpointOfB)).toMatchObject({ status: "accepted" });
    const stored = await findInboxEvent(store.db, fromOperator("evt_nul1"));
    expect(stored?.payload).toMatchObject({
      data: { user: { username: "ada" }, tier: "gold", previousTier: "silver" },
    });
    const tiers = await store.db.selectFrom("tiers").select("tier").orderBy("tier").execute();
    expect(tiers.map(({ tier }) => tier)).toEqual(["gold", "silver"]);
  });

  it("confines an event from a guild's endpoint to that guild and records where it came from", async () => {
    await subscribeEveryGuild(store);
    const result = await ingest(
      standardEvent({ id: "evt_b", event: "battle.completed", data: battleCompletedData() }),
      endpointOfB,
    );
    expect(result).toMatchObject({ status: "accepted", enqueued: 1 });
    expect((await outboxRows(store)).map((row) => row.guildId)).toEqual([guildB]);
    expect(
      await findInboxEvent(store.db, { source: "endpointOfGuildB00000", eventId: "evt_b" }),
    ).toMatchObject({ source: "endpointOfGuildB00000" });
  });

  it("gives each channel one post when the operator and a guild endpoint both deliver an event", async () => {
    await subscribeEveryGuild(store);
    const body = standardEvent({ id: "evt_both", event: "battle.completed", data: battleCompletedData() });

    const operatorCopy = await ingest(body, operator);
    const guildCopy = await ingest(body, endpointOfB);

    expect(operatorCopy).toMatchObject({ status: "accepted", enqueued: 3 });
    // Guild B's copy is kept (its own inbox key), but its channel already has the operator's post.
    expect(guildCopy).toMatchObject({ status: "accepted", enqueued: 0 });
    expect(await ingest(body, endpointOfB)).toMatchObject({ status: "duplicate" });
    const rows = await outboxRows(store);
    expect(rows.map((row) => [row.channelId, row.source])).toEqual([
      [channelOf(guildA, 1), "operator"],
      [channelOf(guildB, 1), "operator"],
      [channelOf(guildC, 1), "operator"],
    ]);
    expect(await inboxCount(store)).toBe(2);
  });

  it("does not let a guild endpoint pre-empt the operator's copy of an event", async () => {
    await subscribeEveryGuild(store);
    // Guild B's admins know their endpoint's secret, so they can sign an id the platform will use later.
    const forged = standardEvent({
      id: "evt_later",
      event: "battle.completed",
      data: battleCompletedData({ winner: "usr_bob" }),
    });
    const real = standardEvent({ id: "evt_later", event: "battle.completed", data: battleCompletedData() });

    expect(await ingest(forged, endpointOfB)).toMatchObject({ status: "accepted", enqueued: 1 });
    expect(await ingest(real, operator)).toEqual({ status: "accepted", eventId: "evt_later", enqueued: 2 });

    const rows = await outboxRows(store);
    expect(rows.map((row) => [row.guildId, row.source])).toEqual([
      [guildA, "operator"],
      [guildB, "endpointOfGuildB00000"],
      [guildC, "operator"],
    ]);
    // Each row renders from the copy it was routed from: the other guilds get the operator's event.
    const winners = await Promise.all(
      rows.map(async (row) => {
        const stored = await findInboxEvent(store.db, { source: row.source, eventId: row.eventId });
        return readStoredEvent(stored?.payload);
      }),
    );
    expect(winners.map((event) => event.kind === "battle.completed" && event.data.winner)).toEqual([
      "usr_ada",
      "usr_bob",
      "usr_ada",
    ]);
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
