// A test delivery (docs/platform-assumptions.md, "Test deliveries") is stored and posted like its kind, but
// no event-stored subscriber hears of it and it touches no card or contest summary. Each case ends with the
// same event sent for real, to show what the test one would have changed.
import { describe, expect, it } from "vitest";
import { eventStoredSubscribers } from "../../src/bot/event-stored-subscribers.js";
import { ManualClock } from "../../src/clock.js";
import { readStoredEvent } from "../../src/events/stored-event.js";
import { findInboxEvent, operatorSource } from "../../src/store/inbox.js";
import { findPlatformUser, savePlatformUser } from "../../src/store/platform-users.js";
import { toOutboxEntry } from "../../src/store/outbox.js";
import type { Database } from "../../src/store/database.js";
import { ingestEvent } from "../../src/webhooks/ingest-event.js";
import { testDatabases, useMigratedStore, type MigratedStore } from "../store/databases.js";
import { createTestSecretBox } from "../store/secret-box-fixture.js";
import { battleCompletedData, ratingChangedData, standardEvent } from "./support/payloads.js";
import { channelOf, guildA, linkMember, postBattleCard, subscribe } from "./support/seed.js";

const box = createTestSecretBox();

async function countRows(store: MigratedStore, table: keyof Database): Promise<number> {
  return (await store.db.selectFrom(table).selectAll().execute()).length;
}

async function outboxRowsOf(store: MigratedStore, eventId: string) {
  const rows = await store.db.selectFrom("outbox").selectAll().where("event_id", "=", eventId).execute();
  return rows.map(toOutboxEntry);
}

describe.each(testDatabases())("a test delivery on $name", (database) => {
  const store = useMigratedStore(database);
  const clock = new ManualClock(Date.UTC(2026, 10, 21, 12));
  const ingest = (body: string) =>
    ingestEvent(
      { db: store.db, clock, subscribers: eventStoredSubscribers },
      { rawBody: Buffer.from(body, "utf8"), source: { type: "operator" } },
    );

  it("is stored as a test and posted, but counts no battle and edits no card", async () => {
    await linkMember(store.db, box, { guildId: guildA, userId: "201", platformUserId: "usr_ada" });
    await subscribe(store.db, {
      guildId: guildA,
      channelId: channelOf(guildA, 1),
      kinds: ["battle.completed"],
    });
    await postBattleCard(store.db, {
      battleId: "bat_1",
      guildId: guildA,
      channelId: channelOf(guildA, 5),
      messageId: "500000000000000001",
    });
    const data = battleCompletedData();

    const result = await ingest(
      standardEvent({ id: "evt_test", event: "battle.completed", data: { ...data, test: true } }),
    );

    expect(result).toEqual({ status: "accepted", eventId: "evt_test", enqueued: 1 });
    const stored = await findInboxEvent(store.db, { source: operatorSource, eventId: "evt_test" });
    expect(readStoredEvent(stored?.payload).test).toBe(true);
    const rows = await outboxRowsOf(store, "evt_test");
    expect(rows.map((row) => [row.channelId, row.action])).toEqual([[channelOf(guildA, 1), "post"]]);
    expect(await countRows(store, "member_activity")).toBe(0);

    await ingest(standardEvent({ id: "evt_real", event: "battle.completed", data }));
    expect(await countRows(store, "member_activity")).toBeGreaterThan(0);
    expect((await outboxRowsOf(store, "evt_real")).map((row) => row.action).sort()).toEqual(["edit", "post"]);
  });

  it("keeps a test rating change out of tiers, platform users and contest summaries", async () => {
    await linkMember(store.db, box, { guildId: guildA, userId: "201", platformUserId: "usr_ada" });
    await savePlatformUser(store.db, { platformUserId: "usr_ada", username: "ada", rating: 1480, now: 0 });
    await subscribe(store.db, {
      guildId: guildA,
      channelId: channelOf(guildA, 1),
      kinds: ["user.rating_changed"],
    });
    const data = ratingChangedData("usr_ada", 1480, 1500);

    await ingest(
      standardEvent({ id: "evt_test", event: "user.rating_changed", data: { ...data, test: true } }),
    );

    const [row] = await outboxRowsOf(store, "evt_test");
    expect([row?.summaryKey, row?.nextAttemptAt]).toEqual([null, clock.now()]);
    expect(await countRows(store, "tiers")).toBe(0);
    expect((await findPlatformUser(store.db, "usr_ada"))?.rating).toBe(1480);
    expect(await countRows(store, "member_activity")).toBe(0);

    await ingest(standardEvent({ id: "evt_real", event: "user.rating_changed", data }));
    const [real] = await outboxRowsOf(store, "evt_real");
    expect(real?.summaryKey).toBe("battle:bat_1");
    expect(await countRows(store, "tiers")).toBeGreaterThan(0);
    expect((await findPlatformUser(store.db, "usr_ada"))?.rating).toBe(1500);
  });
});
