// Where a stored event came from (docs/architecture.md, "Webhooks in"): one from a server's endpoint reaches
// that server only, each channel gets one post when the operator and an endpoint both deliver an event, and an
// endpoint's copy never takes the operator's place in the other servers.
import { describe, expect, it } from "vitest";
import { findInboxEvent } from "../../src/store/inbox.js";
import { readStoredEvent } from "../../src/events/stored-event.js";
import { testDatabases } from "../store/databases.js";
import {
  endpointOfB,
  inboxCount,
  operator,
  outboxRows,
  subscribeEveryGuild,
  useIngesting,
} from "./support/ingesting.js";
import { battleCompletedData, standardEvent } from "./support/payloads.js";
import { channelOf, guildA, guildB, guildC } from "./support/seed.js";

describe.each(testDatabases())("ingesting from the operator and servers' endpoints on $name", (database) => {
  const { store, ingest } = useIngesting(database);

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
});
