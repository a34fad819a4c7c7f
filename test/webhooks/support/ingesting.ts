// What the ingest tests share (ingest-event.test.ts and its siblings; docs/architecture.md, "Webhooks in"): a
// migrated store, clock and secret box for the enclosing describe block, an ingest of a body from the operator
// or guild B's endpoint, and the inbox and outbox rows it leaves.
import { eventStoredSubscribers } from "../../../src/bot/event-stored-subscribers.js";
import { ManualClock } from "../../../src/clock.js";
import { operatorSource, type InboxKey } from "../../../src/store/inbox.js";
import { toOutboxEntry } from "../../../src/store/outbox.js";
import type { EventSource } from "../../../src/webhooks/event-source.js";
import { ingestEvent } from "../../../src/webhooks/ingest-event.js";
import { useMigratedStore, type MigratedStore, type TestDatabase } from "../../store/databases.js";
import { createTestSecretBox } from "../../store/secret-box-fixture.js";
import { channelOf, guildA, guildB, guildC, subscribe } from "./seed.js";

export const operator: EventSource = { type: "operator" };
export const endpointOfB: EventSource = {
  type: "endpoint",
  endpointId: "endpointOfGuildB00000",
  guildId: guildB,
};

export function fromOperator(eventId: string): InboxKey {
  return { source: operatorSource, eventId };
}

export async function outboxRows(store: MigratedStore) {
  const rows = await store.db
    .selectFrom("outbox")
    .selectAll()
    .orderBy("channel_id")
    .orderBy("action")
    .execute();
  return rows.map(toOutboxEntry);
}

export async function inboxCount(store: MigratedStore): Promise<number> {
  return (await store.db.selectFrom("inbox_events").select("event_id").execute()).length;
}

export async function subscribeEveryGuild(store: MigratedStore): Promise<void> {
  for (const guildId of [guildA, guildB, guildC]) {
    await subscribe(store.db, { guildId, channelId: channelOf(guildId, 1), kinds: ["battle.completed"] });
  }
}

/** The store, clock and box of the enclosing describe block's tests, and `ingest`, from the operator by default. */
export function useIngesting(database: TestDatabase) {
  const box = createTestSecretBox();
  const store = useMigratedStore(database);
  const clock = new ManualClock(Date.UTC(2026, 10, 21, 12));
  const ingest = (body: string, source: EventSource = operator) =>
    ingestEvent(
      { db: store.db, clock, subscribers: eventStoredSubscribers },
      { rawBody: Buffer.from(body, "utf8"), source },
    );
  return { box, store, clock, ingest };
}
