// docs/architecture.md, "Posting", "Exactly once": a row that went to Discord alone, under its own id as the
// nonce, is only ever sent again under that nonce, so Discord returns the message it already made. Were it
// combined with rows queued since, the message would take a new nonce and Discord would post the row twice.
import { REST } from "@discordjs/rest";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { nameOutboxGroup } from "../../src/outbox/group-nonce.js";
import type { RenderOutboxSummary } from "../../src/outbox/index.js";
import { findInboxEvent } from "../../src/store/inbox.js";
import { testDatabases } from "../store/databases.js";
import { useOutboxWorld, type SubscribedChannel } from "./support/outbox-world.js";
import { renderTestAnnouncement, type TestEvent } from "./support/test-renderer.js";

const summaryWindowMs = 3000;
const embedTitles = (message: { embeds: readonly { title?: string }[] }) =>
  message.embeds.map((embed) => embed.title);

describe.each(testDatabases())("a row sent alone on $name", (database) => {
  const world = useOutboxWorld(database);

  /** Queues the posts a millisecond apart, so their order is their creation's. */
  async function enqueuePosts(target: SubscribedChannel, titles: readonly string[]): Promise<string[]> {
    const ids: string[] = [];
    for (const title of titles) {
      ids.push(await world.enqueuePost(target, { title, asEmbed: true }));
      world.clock.advance(1);
    }
    return ids;
  }

  // The lease ends by moving the manual clock, which is the lease clock on SQLite only (on PostgreSQL leases
  // follow the database's clock: test/outbox/lease-takeover.test.ts).
  it.skipIf(database.dialect === "postgres")(
    "whose delivery could not be recorded is sent again alone under its own id, though posts wait behind it",
    async () => {
      const target = await world.subscribeChannel("results");
      const [lone] = await enqueuePosts(target, ["A"]);
      // Discord makes the message, then the commit that records it fails.
      await sql`create trigger fail_delivery before update of status on outbox
        when new.status = 'delivered' begin select raise(abort, 'disk I/O error'); end`.execute(world.db);
      const worker = world.createWorker();

      const unrecorded = await worker.runOnce();
      await sql`drop trigger fail_delivery`.execute(world.db);
      const queuedSince = await enqueuePosts(target, ["B", "C"]);
      world.clock.advance(60_000);
      const resent = await worker.runOnce();

      expect(unrecorded.map((result) => result.outcome)).toEqual(["released"]);
      expect(resent.map((result) => result.outcome)).toEqual(["delivered", "delivered", "delivered"]);
      const messages = world.fake.messages(target.channelId);
      expect(messages.map(embedTitles)).toEqual([["A"], ["B", "C"]]);
      expect(messages.map((message) => message.nonce)).toEqual([lone, nameOutboxGroup(queuedSince)]);
      expect(world.fake.stats.channelMessagesCreated).toBe(2);
      expect(await world.entry(lone ?? "")).toMatchObject({
        status: "delivered",
        postedMessageId: messages[0]?.id,
      });
    },
  );

  it("whose answer was lost is retried alone under its own id, though posts wait behind it", async () => {
    const target = await world.subscribeChannel("results");
    const [lone] = await enqueuePosts(target, ["A"]);
    const worker = world.createWorker({ rest: new AnswerLosingRest(world.createRest(), 1), random: () => 0 });

    const lost = await worker.runOnce();
    const queuedSince = await enqueuePosts(target, ["B", "C"]);
    const resent = await worker.runOnce();

    expect(lost.map((result) => result.outcome)).toEqual(["retry"]);
    expect(resent.map((result) => result.outcome)).toEqual(["delivered", "delivered", "delivered"]);
    const messages = world.fake.messages(target.channelId);
    expect(messages.map(embedTitles)).toEqual([["A"], ["B", "C"]]);
    expect(messages.map((message) => message.nonce)).toEqual([lone, nameOutboxGroup(queuedSince)]);
    expect(world.fake.stats.channelMessagesCreated).toBe(2);
  });

  it("is never gathered into its contest's summary once its answer was lost", async () => {
    const target = await world.subscribeChannel("ratings");
    const lone = await world.enqueueChange(target, "battle:b1", "ada");
    world.clock.advance(summaryWindowMs);
    const worker = world.createWorker({
      rest: new AnswerLosingRest(world.createRest(), 1),
      renderSummary: summarise,
      random: () => 0,
    });

    const lost = await worker.runOnce();
    const later = await world.enqueueChange(target, "battle:b1", "bob");
    world.clock.advance(summaryWindowMs);
    const resent = await worker.runOnce();

    expect(lost.map((result) => result.outcome)).toEqual(["retry"]);
    expect(resent.map((result) => result.outcome)).toEqual(["delivered", "delivered"]);
    const messages = world.fake.messages(target.channelId);
    expect(messages.map((message) => [message.embeds[0]?.title, message.nonce])).toEqual([
      ["ada", lone],
      ["bob", later],
    ]);
    expect(world.fake.stats.channelMessagesCreated).toBe(2);
  });

  /** The rows' titles as one message. */
  const summarise: RenderOutboxSummary = async (entries) => {
    const titles: string[] = [];
    for (const entry of entries) {
      const event = await findInboxEvent(world.db, { source: entry.source, eventId: entry.eventId });
      titles.push((event?.payload as TestEvent).title ?? "");
    }
    const message = { embeds: [{ title: "Summary", description: titles.join("\n") }] };
    return [{ message, rowIds: entries.map((entry) => entry.id) }];
  };
});

/** Lets Discord make each message, but the first `lost` answers never arrive (the connection drops). */
class AnswerLosingRest extends REST {
  constructor(
    private readonly real: REST,
    private lost: number,
  ) {
    super();
  }

  override async post(...args: Parameters<REST["post"]>): Promise<unknown> {
    const answer = await this.real.post(...args);
    if (this.lost === 0) return answer;
    this.lost -= 1;
    throw new Error("socket hang up");
  }
}

// Another instance takes a row over once its lease ends, and may send it in a message with rows queued since,
// under their group's nonce: the first instance, still rendering it when its lease ended, must not then send
// it alone under its own id as well (docs/architecture.md, "Exactly once"). On SQLite, whose lease clock is
// the test's.
describe("a row whose lease ended while its worker rendered it", () => {
  const world = useOutboxWorld(testDatabases()[0]);

  it("is not sent by that worker once another took it over, and is posted once", async () => {
    const target = await world.subscribeChannel("results");
    const held = await world.enqueuePost(target, { title: "H", asEmbed: true });
    const taker = world.createWorker({ owner: "worker-b" });
    const renderAsUsual = renderTestAnnouncement(world.db);
    let tookOver = false;
    const slow = world.createWorker({
      owner: "worker-a",
      render: async (entry) => {
        if (!tookOver) {
          tookOver = true;
          // Its render outlasts the lease; meanwhile a post is queued and another worker claims both.
          world.clock.advance(61_000);
          await world.enqueuePost(target, { title: "N", asEmbed: true });
          await taker.runOnce();
        }
        return renderAsUsual(entry);
      },
    });

    const results = await slow.runOnce();

    expect(results.map(({ id, outcome }) => ({ id, outcome }))).toEqual([{ id: held, outcome: "released" }]);
    const posted = world.fake.messages(target.channelId).map(embedTitles);
    expect(posted.filter((titles) => titles.includes("H"))).toHaveLength(1);
    expect(posted.flat().sort()).toEqual(["H", "N"]);
    expect(await world.entry(held)).toMatchObject({ status: "delivered" });
  });
});
