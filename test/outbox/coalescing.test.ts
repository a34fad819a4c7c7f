import { REST } from "@discordjs/rest";
import { describe, expect, it } from "vitest";
import { nameOutboxGroup } from "../../src/outbox/group-nonce.js";
import { claimDueOutbox } from "../../src/store/outbox-lease.js";
import { recordOutboxGroup } from "../../src/store/outbox-groups.js";
import { testDatabases } from "../store/databases.js";
import { useOutboxWorld, type SubscribedChannel } from "./support/outbox-world.js";
import type { TestEvent } from "./support/test-renderer.js";

const embedTitles = (message: { embeds: readonly { title?: string }[] }) =>
  message.embeds.map((embed) => embed.title);

describe.each(testDatabases())("a channel's queued posts on $name", (database) => {
  const world = useOutboxWorld(database);

  /** Queues the posts a millisecond apart, as separate deliveries arrive: rows of one instant have no order. */
  async function enqueuePosts(target: SubscribedChannel, events: readonly TestEvent[]): Promise<string[]> {
    const ids: string[] = [];
    for (const event of events) {
      ids.push(await world.enqueuePost(target, event));
      world.clock.advance(1);
    }
    return ids;
  }

  it("go out as messages of up to ten embeds, in order, every row once", async () => {
    const target = await world.subscribeChannel("results");
    const titles = Array.from({ length: 23 }, (_, index) => `Battle ${index + 1}`);
    const ids = await enqueuePosts(
      target,
      titles.map((title) => ({ title, asEmbed: true })),
    );

    const results = await world.createWorker().runOnce();

    const messages = world.fake.messages(target.channelId);
    expect(messages.map(embedTitles)).toEqual([titles.slice(0, 10), titles.slice(10, 20), titles.slice(20)]);
    expect(messages.map((message) => message.nonce)).toEqual([
      nameOutboxGroup(ids.slice(0, 10)),
      nameOutboxGroup(ids.slice(10, 20)),
      nameOutboxGroup(ids.slice(20)),
    ]);
    expect(results.map((result) => result.outcome)).toEqual(Array(23).fill("delivered"));
    for (const [index, id] of ids.entries()) {
      const message = messages[Math.floor(index / 10)];
      expect(await world.entry(id)).toMatchObject({
        status: "delivered",
        postedMessageId: message?.id,
        groupId: message?.nonce,
      });
    }
    expect(world.fake.stats.channelMessagesCreated).toBe(3);
  });

  it("send a lone post at once, alone, with its own id as the nonce and no group recorded", async () => {
    const target = await world.subscribeChannel("results");
    const id = await world.enqueuePost(target, { title: "Battle 1", asEmbed: true });

    const results = await world.createWorker().runOnce();

    const messages = world.fake.messages(target.channelId);
    expect(messages.map(embedTitles)).toEqual([["Battle 1"]]);
    expect(messages[0]?.nonce).toBe(id);
    expect(results).toEqual([expect.objectContaining({ id, outcome: "delivered" })]);
    expect(await world.entry(id)).toMatchObject({ status: "delivered", groupId: null });
  });

  it("keep their order: a post that cannot join (text only, an edit) ends the message before it", async () => {
    const target = await world.subscribeChannel("results");
    const worker = world.createWorker();
    await world.enqueuePost(target, { title: "Card", asEmbed: true });
    const [card] = await worker.runOnce();
    await enqueuePosts(target, [
      { title: "A", asEmbed: true },
      { title: "B" },
      { title: "C", asEmbed: true },
    ]);
    await world.enqueueEdit(target.channelId, card?.messageId ?? "", { title: "Card v2", asEmbed: true });
    world.clock.advance(1);
    await enqueuePosts(target, [
      { title: "D", asEmbed: true },
      { title: "E", asEmbed: true },
    ]);

    await worker.runOnce();

    const messages = world.fake.messages(target.channelId);
    expect(messages.map((message) => [message.content, ...embedTitles(message)])).toEqual([
      ["", "Card v2"],
      ["", "A"],
      ["B"],
      ["", "C"],
      ["", "D", "E"],
    ]);
  });

  it("start a new message when the next embed would pass Discord's 6,000 characters", async () => {
    const target = await world.subscribeChannel("results");
    const description = "x".repeat(2500);
    await enqueuePosts(
      target,
      ["A", "B", "C"].map((title) => ({ title, description, asEmbed: true })),
    );

    await world.createWorker().runOnce();

    expect(world.fake.messages(target.channelId).map(embedTitles)).toEqual([["A", "B"], ["C"]]);
  });

  it("ping in one message exactly the members each post pinged", async () => {
    const target = await world.subscribeChannel("results");
    const ada = "400000000000000001";
    const bob = "400000000000000002";
    await enqueuePosts(target, [
      { title: "A", asEmbed: true, ping: [ada] },
      { title: "B", asEmbed: true, ping: [bob] },
      { title: "C", asEmbed: true },
    ]);

    await world.createWorker().runOnce();

    const [message, ...others] = world.fake.messages(target.channelId);
    expect(others).toEqual([]);
    expect(message?.content).toBe(`<@${ada}>\n<@${bob}>`);
    expect(message?.mentionedUserIds).toEqual([ada, bob]);
    expect(message?.allowedMentions).toEqual({ parse: [], users: [ada, bob], roles: [] });
  });

  it("retry together after a failure and go out as the same message afterwards", async () => {
    const target = await world.subscribeChannel("results");
    const ids = await enqueuePosts(target, [
      { title: "A", asEmbed: true },
      { title: "B", asEmbed: true },
      { title: "C", asEmbed: true },
    ]);
    const worker = world.createWorker({ random: () => 0.5 });

    world.fake.setOutage(true);
    const failed = await worker.runOnce();
    const retries = await Promise.all(ids.map((id) => world.entry(id)));
    world.fake.setOutage(false);
    world.clock.advance(500);
    const delivered = await worker.runOnce();

    expect(failed.map((result) => result.outcome)).toEqual(["retry", "retry", "retry"]);
    expect(retries.map((entry) => [entry.attempts, entry.nextAttemptAt, entry.groupId])).toEqual(
      Array(3).fill([1, world.clock.now(), nameOutboxGroup(ids)]),
    );
    expect(delivered.map((result) => result.outcome)).toEqual(["delivered", "delivered", "delivered"]);
    const messages = world.fake.messages(target.channelId);
    expect(messages.map(embedTitles)).toEqual([["A", "B", "C"]]);
    expect(messages[0]?.nonce).toBe(nameOutboxGroup(ids));
  });

  it("are resent whole under the same nonce when Discord's answer was lost; rows queued since go apart", async () => {
    const target = await world.subscribeChannel("results");
    const ids = await enqueuePosts(target, [
      { title: "A", asEmbed: true },
      { title: "B", asEmbed: true },
      { title: "C", asEmbed: true },
    ]);
    // Discord makes the message, but the answer never reaches the worker.
    const rest = new AnswerLosingRest(world.createRest(), 1);
    const worker = world.createWorker({ rest, random: () => 0 });

    const lost = await worker.runOnce();
    const late = await world.enqueuePost(target, { title: "D", asEmbed: true });
    const resent = await worker.runOnce();

    const messages = world.fake.messages(target.channelId);
    expect(lost.map((result) => result.outcome)).toEqual(["retry", "retry", "retry"]);
    expect(resent.map((result) => result.outcome)).toEqual(Array(4).fill("delivered"));
    expect(messages.map(embedTitles)).toEqual([["A", "B", "C"], ["D"]]);
    expect(world.fake.stats.channelMessagesCreated).toBe(2);
    for (const id of ids) {
      expect(await world.entry(id)).toMatchObject({ status: "delivered", postedMessageId: messages[0]?.id });
    }
    expect(await world.entry(late)).toMatchObject({ status: "delivered", groupId: null });
  });

  // The lease ends by moving the manual clock, which is the lease clock on SQLite only (on PostgreSQL leases
  // follow the database's clock: test/outbox/lease-takeover.test.ts).
  it.skipIf(database.dialect === "postgres")(
    "recorded by a worker that died before sending are sent whole by the next one",
    async () => {
      const target = await world.subscribeChannel("results");
      const ids = await enqueuePosts(target, [
        { title: "A", asEmbed: true },
        { title: "B", asEmbed: true },
        { title: "C", asEmbed: true },
      ]);
      const now = world.clock.now();
      await claimDueOutbox(world.db, { owner: "dead-worker", now, leaseMs: 60_000, limit: 10 });
      const groupId = nameOutboxGroup(ids.slice(0, 2));
      const recordedIds = ids.slice(0, 2);
      await recordOutboxGroup(world.db, {
        groupId,
        ids: recordedIds,
        owner: "dead-worker",
        now,
        leaseMs: 60_000,
      });
      world.clock.advance(60_000);

      await world.createWorker({ owner: "worker-2" }).runOnce();

      const messages = world.fake.messages(target.channelId);
      expect(messages.map(embedTitles)).toEqual([["A", "B"], ["C"]]);
      expect(messages[0]?.nonce).toBe(groupId);
    },
  );

  // The lease ends by moving the manual clock, which is the lease clock on SQLite only (on PostgreSQL leases
  // follow the database's clock: test/outbox/lease-takeover.test.ts).
  it.skipIf(database.dialect === "postgres")(
    "recorded, one of them taken over by another worker, wait until one holds them all, then go out whole",
    async () => {
      const target = await world.subscribeChannel("results");
      const ids = await enqueuePosts(target, [
        { title: "A", asEmbed: true },
        { title: "B", asEmbed: true },
        { title: "C", asEmbed: true },
      ]);
      const now = world.clock.now();
      await claimDueOutbox(world.db, { owner: "dead-worker", now, leaseMs: 60_000, limit: 10 });
      const groupId = nameOutboxGroup(ids);
      await recordOutboxGroup(world.db, {
        groupId,
        ids,
        owner: "dead-worker",
        now,
        leaseMs: 60_000,
      });
      world.clock.advance(60_000);
      // Another worker takes the oldest row over at the same moment.
      await claimDueOutbox(world.db, {
        owner: "other-worker",
        now: world.clock.now(),
        leaseMs: 60_000,
        limit: 1,
      });
      const worker = world.createWorker({ owner: "worker-2", random: () => 0.5 });

      // The channel is the other worker's while it holds a row of it: nothing of it is claimed here.
      const apart = await worker.runOnce();
      const left = await world.entry(ids[1] ?? "");
      world.clock.advance(60_000);
      const whole = await worker.runOnce();

      expect(apart).toEqual([]);
      expect(left).toMatchObject({ leaseOwner: "dead-worker", attempts: 0, groupId });
      expect(whole.map((result) => result.outcome)).toEqual(["delivered", "delivered", "delivered"]);
      const messages = world.fake.messages(target.channelId);
      expect(messages.map(embedTitles)).toEqual([["A", "B", "C"]]);
      expect(messages[0]?.nonce).toBe(groupId);
    },
  );

  it("part when Discord refuses them together, so only the broken post ends dead", async () => {
    const target = await world.subscribeChannel("results");
    const [good, broken, alsoGood] = await enqueuePosts(target, [
      { title: "A", asEmbed: true },
      { title: "B", asEmbed: true, brokenButton: true },
      { title: "C", asEmbed: true },
    ]);
    const worker = world.createWorker();

    const refused = await worker.runOnce();
    const apart = await worker.runOnce();

    expect(refused.map((result) => result.outcome)).toEqual(["released", "released", "released"]);
    expect(apart.map((result) => [result.id, result.outcome])).toEqual([
      [good, "delivered"],
      [broken, "dead"],
      [alsoGood, "delivered"],
    ]);
    expect(world.fake.messages(target.channelId).map(embedTitles)).toEqual([["A"], ["C"]]);
    expect(await world.entry(broken ?? "")).toMatchObject({ status: "dead", attempts: 1 });
  });
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
