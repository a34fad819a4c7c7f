// What the inbox keeps of an event it will not post (docs/architecture.md, "Webhooks in"): an unknown kind with
// its data, or of a body over 8 KiB its envelope and a bounded beginning, length and hash; a malformed payload
// dead-lettered with its error and its body, whole or cut before a character (src/webhooks/kept-body.ts).
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { findInboxEvent, type InboxKey } from "../../src/store/inbox.js";
import { keptBodyBytes } from "../../src/webhooks/kept-body.js";
import { testDatabases, type MigratedStore } from "../store/databases.js";
import {
  endpointOfB,
  fromOperator,
  outboxRows,
  subscribeEveryGuild,
  useIngesting,
} from "./support/ingesting.js";
import { standardEvent } from "./support/payloads.js";

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

describe.each(testDatabases())("keeping the bodies of ignored and dead events on $name", (database) => {
  const { store, ingest } = useIngesting(database);

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
});
