// Storing a verified event (docs/architecture.md, "Webhooks in"): the normalised event and one outbox row per
// target in one transaction, a rating change due once its summary window has passed, a duplicate doing
// nothing more, and nothing stored when queueing fails part-way. What is kept of an unknown or malformed body
// is in ingest-kept-bodies.test.ts, hostile text in ingest-hostile-text.test.ts, and the operator's and a
// server's endpoint's copies of an event in ingest-sources.test.ts.
import { describe, expect, it } from "vitest";
import { findInboxEvent } from "../../src/store/inbox.js";
import { normaliseEvent } from "../../src/events/normalise-event.js";
import { readStoredEvent } from "../../src/events/stored-event.js";
import { testDatabases } from "../store/databases.js";
import { failSecondOutboxRowOf, removeFault } from "./support/faults.js";
import { ratingSummaryWindowMs } from "../../src/webhooks/rating-summary-rows.js";
import {
  fromOperator,
  inboxCount,
  outboxRows,
  subscribeEveryGuild,
  useIngesting,
} from "./support/ingesting.js";
import { battleCompletedData, ratingChangedData, standardEvent } from "./support/payloads.js";
import { channelOf, guildA, guildB, guildC, linkMember, postBattleCard, subscribe } from "./support/seed.js";

describe.each(testDatabases())("ingesting on $name", (database) => {
  const { box, store, clock, ingest } = useIngesting(database);

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
