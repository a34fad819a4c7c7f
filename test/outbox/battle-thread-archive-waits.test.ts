// A battle card's thread archived only after it was started (docs/architecture.md, "Posting"): in a channel
// whose route keeps battle updates in the channel, a card's thread started before that gets no posts, so its
// result queues the archive alone. Were the start put back (Discord asked it to retry), the archive went
// first and met a thread Discord did not have yet (10003); the thread was forgotten, and the start then made
// one that nothing archived.
import { describe, expect, it } from "vitest";
import { createSubscription } from "../../src/store/subscriptions.js";
import { testDatabases } from "../store/databases.js";
import { battleCompletedData } from "../webhooks/support/payloads.js";
import { useThreadWorld } from "./support/thread-world.js";

describe.each(testDatabases())("a battle thread's archive on $name", (database) => {
  const { world, createWorker, postCard, deliver, rowsOf } = useThreadWorld(database);

  it("waits, with no attempt counted, for the thread's start that was put back, then archives it", async () => {
    world.fake.roles.grantBot(world.guild.id, ["CreatePublicThreads", "SendMessagesInThreads"]);
    const channel = world.fake.createChannel(world.guild.id, { name: "battles" });
    const card = await postCard(channel.id, "bat_slow_start");
    const startDue = world.clock.now() + 60_000;
    await world.db
      .updateTable("outbox")
      .set({ next_attempt_at: startDue, attempts: 1 })
      .where("action", "=", "start-thread")
      .execute();
    await createSubscription(world.db, {
      guildId: world.guild.id,
      channelId: channel.id,
      eventKinds: ["battle.completed"],
      filters: { battleUpdates: "channel" },
      createdBy: "200000000000000001",
      now: world.clock.now(),
    });
    await deliver("battle.completed", battleCompletedData({ id: card.battleId }));
    expect(await rowsOf("thread-post")).toEqual([]);
    const worker = createWorker();

    world.clock.advance(1);
    await worker.runOnce();
    expect(await rowsOf("archive-thread")).toMatchObject([
      {
        status: "pending",
        attempts: 0,
        next_attempt_at: startDue + 1,
        last_error: expect.stringContaining("the thread's start goes first"),
      },
    ]);
    expect(world.fake.threads.ofMessage(card.messageId)).toBeUndefined();

    world.clock.advance(60_000);
    await worker.runOnce();
    await worker.runOnce();
    const thread = world.fake.threads.list(world.guild.id).find(({ id }) => id === card.messageId);
    expect(thread?.thread?.archived).toBe(true);
    expect((await rowsOf("archive-thread")).map((row) => [row.status, row.attempts])).toEqual([
      ["delivered", 0],
    ]);
  });
});
