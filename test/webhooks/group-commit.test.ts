import { describe, expect, it } from "vitest";
import { eventStoredSubscribers } from "../../src/bot/event-stored-subscribers.js";
import { ManualClock } from "../../src/clock.js";
import { findInboxEvent, operatorSource } from "../../src/store/inbox.js";
import { createGroupCommit } from "../../src/store/write-batcher.js";
import { createIngester } from "../../src/webhooks/create-ingester.js";
import type { IngestResult } from "../../src/webhooks/ingest-event.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { failSecondOutboxRowOf, removeFault } from "./support/faults.js";
import { battleCompletedData, standardEvent } from "./support/payloads.js";
import { channelOf, guildA, guildB, subscribe } from "./support/seed.js";
import { countStored } from "./support/store-counts.js";

const operator = { type: "operator" } as const;

function delivery(id: string) {
  return {
    rawBody: Buffer.from(standardEvent({ id, event: "battle.completed", data: battleCompletedData() })),
    source: operator,
  };
}

describe.each(testDatabases())("group commit on $name", (database) => {
  const store = useMigratedStore(database);
  const clock = new ManualClock(Date.UTC(2026, 10, 21, 12));

  /** Group commit on every database, as the store's batcher does on SQLite. */
  const groupCommitIngester = () =>
    createIngester({
      db: store.db,
      clock,
      subscribers: eventStoredSubscribers,
      runBatched: createGroupCommit(store.db),
    });

  async function subscribeTwoGuilds(): Promise<void> {
    for (const guildId of [guildA, guildB]) {
      await subscribe(store.db, { guildId, channelId: channelOf(guildId, 1), kinds: ["battle.completed"] });
    }
  }

  it("stores deliveries that arrive together, and answers each with its own result", async () => {
    await subscribeTwoGuilds();
    const ingest = groupCommitIngester();
    const ids = Array.from({ length: 30 }, (_, index) => `evt_${index}`);

    const results = await Promise.all([...ids, "evt_3"].map((id) => ingest(delivery(id))));

    expect(results.slice(0, 30)).toEqual(
      ids.map((eventId) => ({ status: "accepted", eventId, enqueued: 2 })),
    );
    // The repeat came in the same batch as the original and is recognised all the same.
    expect(results[30]).toEqual({ status: "duplicate", eventId: "evt_3", enqueued: 0 });
    expect(await countStored(store.db)).toEqual({ inbox: 30, outbox: 60 });
  });

  it("answers each of a mixed batch as it would have been answered alone", async () => {
    await subscribeTwoGuilds();
    const guildEndpoint = { type: "endpoint", endpointId: "endpoint-b", guildId: guildB } as const;
    const mixed = [
      delivery("evt_m1"),
      { rawBody: Buffer.from("{not json"), source: operator },
      {
        rawBody: Buffer.from(standardEvent({ id: "evt_new_kind", event: "battle.paused", data: {} })),
        source: operator,
      },
      // The same event on a guild's own endpoint: its own inbox row, and only that guild's channel, which the
      // operator's copy already queued.
      { ...delivery("evt_m1"), source: guildEndpoint },
      delivery("evt_m2"),
    ];

    const ingest = groupCommitIngester();
    const together = await Promise.all(mixed.map((one) => ingest(one)));

    expect(together.map(({ status, enqueued }) => [status, enqueued])).toEqual([
      ["accepted", 2],
      ["dead", 0],
      ["ignored", 0],
      ["accepted", 0],
      ["accepted", 2],
    ]);
    expect(await countStored(store.db)).toEqual({ inbox: 5, outbox: 4 });
    // Sent again one at a time, each is now a repeat of what the batch stored.
    for (const one of mixed) expect(await ingest(one)).toMatchObject({ status: "duplicate" });
  });

  it("rejects only the delivery that failed, storing nothing of it, and commits the others", async () => {
    await subscribeTwoGuilds();
    const ingest = groupCommitIngester();
    await failSecondOutboxRowOf(store, database, "evt_bad");
    try {
      const settled = await Promise.allSettled(
        ["evt_a", "evt_bad", "evt_b"].map((id) => ingest(delivery(id))),
      );
      expect(settled.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
      expect(await findInboxEvent(store.db, { source: operatorSource, eventId: "evt_bad" })).toBeUndefined();
      expect(await countStored(store.db)).toEqual({ inbox: 2, outbox: 4 });
    } finally {
      await removeFault(store, database);
    }
    // The platform's retry then stores it whole.
    expect(await ingest(delivery("evt_bad"))).toEqual({
      status: "accepted",
      eventId: "evt_bad",
      enqueued: 2,
    });
  });

  it("commits deliveries that arrive while a batch is being committed", async () => {
    const ingest = groupCommitIngester();
    const later: Promise<IngestResult>[] = [];
    const first = await Promise.all(
      ["evt_1", "evt_2"].map((id, index) =>
        ingest(delivery(id)).then((result) => {
          later.push(ingest(delivery(`evt_late_${index}`)));
          return result;
        }),
      ),
    );
    const second = await Promise.all(later);
    expect([...first, ...second].map((result) => result.status)).toEqual([
      "accepted",
      "accepted",
      "accepted",
      "accepted",
    ]);
    expect((await countStored(store.db)).inbox).toBe(4);
  });

  it("is what createIngester uses on SQLite; PostgreSQL gets a transaction per delivery", async () => {
    await subscribeTwoGuilds();
    const ingest = createIngester({ db: store.db, clock, subscribers: eventStoredSubscribers });
    const results = await Promise.all(["evt_x", "evt_y", "evt_x"].map((id) => ingest(delivery(id))));
    expect(results.map((result) => result.status).sort()).toEqual(["accepted", "accepted", "duplicate"]);
    expect(await countStored(store.db)).toEqual({ inbox: 2, outbox: 4 });
  });
});
