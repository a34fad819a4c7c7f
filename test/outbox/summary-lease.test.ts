// A summary whose parts outlast the lease its rows were recorded under (src/outbox/send-group.ts): each part
// waits its turn under the channel's rate limit, so a summary of many parts (up to 99) can take longer than
// OUTBOX_LEASE_SECONDS. Before, the lease ran out mid-send and another worker took the group over while this
// one still sent it: both sent every part. Now the lease is taken again before a part once half of it has
// passed. SQLite only: the manual clock is the lease's clock there (src/store/lease-clock.ts).
import { describe, expect, it } from "vitest";
import type { OutboxResult } from "../../src/outbox/index.js";
import { markOutboxDelivered } from "../../src/store/outbox-lease.js";
import { sqliteInMemory, useOutboxWorld } from "./support/outbox-world.js";
import { renderMessagePerRow } from "./support/test-renderer.js";

const windowMs = 3000;
const leaseMs = 10_000;

describe("a summary sent over longer than its lease", () => {
  const world = useOutboxWorld(sqliteInMemory);

  const messagePerRow = renderMessagePerRow(world);

  /**
   * A contest's changes, one part each, due as one summary; the worker that sends it and another, both with
   * the same lease; the channel's posts, to hold their answers.
   */
  async function queueSummary(titles: readonly string[]) {
    const target = await world.subscribeChannel("ratings");
    const ids: string[] = [];
    for (const title of titles) ids.push(await world.enqueueChange(target, "tournament:t1", title, windowMs));
    world.clock.advance(windowMs);
    return {
      target,
      ids,
      sender: world.createWorker({ renderSummary: messagePerRow, owner: "worker-a", leaseMs }),
      other: world.createWorker({ renderSummary: messagePerRow, owner: "worker-b", leaseMs }),
      posts: new RegExp(`^/channels/${target.channelId}/messages$`),
    };
  }

  /** queueSummary, then the sender's first part sent and its answer held until the whole lease has passed. */
  async function holdFirstPartPastLease(titles: readonly string[]) {
    const queued = await queueSummary(titles);
    const held = world.fake.holdResponses("POST", queued.posts);
    const sending = queued.sender.runOnce();
    await held.waitForCaught(1);
    world.clock.advance(1.2 * leaseMs);
    return { ...queued, held, sending };
  }

  it("keeps its rows from another worker until every part is sent, each part once", async () => {
    const titles = ["member 0", "member 1", "member 2", "member 3"];
    const { target, ids, sender, other, posts } = await queueSummary(titles);

    const firstPart = world.fake.holdResponses("POST", posts);
    const sending = sender.runOnce();
    await firstPart.waitForCaught(1);
    // The first part's answer comes late: 0.6 of the lease has passed when the second part is due.
    world.clock.advance(0.6 * leaseMs);
    const secondPart = world.fake.holdResponses("POST", posts);
    firstPart.release();
    await secondPart.waitForCaught(1);
    // And the second's: 1.2 leases since the group was recorded, past the lease it was recorded under.
    world.clock.advance(0.6 * leaseMs);

    // Another worker claims meanwhile. Holding none of the rows, it is done at once; had it taken them, it
    // would be sending the group again, its first request held with the sender's second, and not done.
    let claimed: readonly OutboxResult[] | undefined;
    const claiming = other.runOnce().then((results) => (claimed = results));
    try {
      await expect.poll(() => claimed).toEqual([]);
    } finally {
      secondPart.release();
    }
    await claiming;

    const results = await sending;
    expect(results.map((result) => result.outcome)).toEqual(titles.map(() => "delivered"));
    expect(world.fake.messages(target.channelId).map((message) => message.embeds[0]?.title)).toEqual(titles);
    expect(world.fake.stats.channelMessagesDeduplicated).toBe(0);
    for (const id of ids) expect(await world.entry(id)).toMatchObject({ status: "delivered" });
  });

  it("stops when another worker took the group over while a part waited, and leaves every part to it", async () => {
    const titles = ["member 0", "member 1", "member 2"];
    // The first part's answer comes after the whole lease: the other worker takes the group and sends its
    // first part again, under the same nonce.
    const { target, other, held, sending } = await holdFirstPartPastLease(titles);
    const takingOver = other.runOnce();
    await held.waitForCaught(2);
    held.release();

    const [senderResults, otherResults] = await Promise.all([sending, takingOver]);
    expect(senderResults.map((result) => result.outcome)).toEqual(titles.map(() => "released"));
    expect(otherResults.map((result) => result.outcome)).toEqual(titles.map(() => "delivered"));
    expect(world.fake.messages(target.channelId).map((message) => message.embeds[0]?.title)).toEqual(titles);
    expect(world.fake.stats.channelMessagesDeduplicated).toBe(1);
  });

  it("stops when another worker delivered its rows while a part waited, and reports none of them", async () => {
    const titles = ["member 0", "member 1", "member 2"];
    const { target, ids, held, sending } = await holdFirstPartPastLease(titles);
    // Past the whole lease, another worker sent the group and recorded its rows delivered.
    for (const id of ids) {
      await markOutboxDelivered(world.db, { id, postedMessageId: null, now: world.clock.now() });
    }
    held.release();

    const results = await sending;
    expect(results.map((result) => result.outcome)).not.toContain("delivered");
    // Only the first part, whose answer was held: none after it.
    expect(world.fake.messages(target.channelId).map((message) => message.embeds[0]?.title)).toEqual([
      "member 0",
    ]);
  });
});
