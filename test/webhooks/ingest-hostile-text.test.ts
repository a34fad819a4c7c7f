// Hostile text in a delivery (docs/architecture.md, "Webhooks in"): NUL, lone surrogates and invalid UTF-8 are
// stored without failing, and display text keeps no NUL, from the operator and from a server's endpoint.
import { describe, expect, it } from "vitest";
import { eventStoredSubscribers } from "../../src/bot/event-stored-subscribers.js";
import { findInboxEvent } from "../../src/store/inbox.js";
import { ingestEvent } from "../../src/webhooks/ingest-event.js";
import { testDatabases } from "../store/databases.js";
import {
  endpointOfB,
  fromOperator,
  inboxCount,
  operator,
  subscribeEveryGuild,
  useIngesting,
} from "./support/ingesting.js";
import { battleCompletedData, ratingChangedData, standardEvent } from "./support/payloads.js";
import { guildB, linkMember } from "./support/seed.js";

describe.each(testDatabases())("ingesting hostile text on $name", (database) => {
  const { box, store, clock, ingest } = useIngesting(database);

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
});
