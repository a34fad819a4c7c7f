// What becomes of the rows of a thread the bot lost is each row's source's to say (OutboxSource.onThreadLost,
// docs/architecture.md, "Posting"): the outbox hands each source its own rows, and a source that registered
// nothing has them dropped.
import { describe, expect, it } from "vitest";
import { reactToThreadFailure } from "../../src/announcements/index.js";
import type { LostThreadRows, OutboxSource, OutboxSources } from "../../src/outbox/index.js";
import { insertInboxEvent } from "../../src/store/inbox.js";
import { enqueueOutboxRows } from "../../src/store/outbox.js";
import { createSubscription } from "../../src/store/subscriptions.js";
import { testDatabases } from "../store/databases.js";
import { useThreadWorld } from "./support/thread-world.js";

describe.each(testDatabases())("the rows of a lost thread on $name", (database) => {
  const { world, createWorker, postCard, deliver } = useThreadWorld(database);

  /** A source of the test's own, posting in threads and forgetting a lost one as the bot's sources do. */
  const testSource = (onThreadLost?: OutboxSource["onThreadLost"]): OutboxSource => ({
    render: () => Promise.resolve({ content: "a test post" }),
    onFailure: reactToThreadFailure,
    ...(onThreadLost === undefined ? {} : { onThreadLost }),
  });

  it("hands each source its own rows, runs what it registered, and drops those of a source that registered nothing", async () => {
    world.fake.roles.grantBot(world.guild.id, ["CreatePublicThreads", "SendMessagesInThreads"]);
    const channel = world.fake.createChannel(world.guild.id, { name: "battles" });
    await createSubscription(world.db, {
      guildId: world.guild.id,
      channelId: channel.id,
      eventKinds: ["battle.started"],
      filters: {},
      createdBy: "200000000000000001",
      now: world.clock.now(),
    });
    const card = await postCard(channel.id, "bat_lost");
    const heard: Record<string, LostThreadRows[]> = { announcements: [], recorded: [] };
    const adjust = (sources: OutboxSources): OutboxSources => ({
      // The announcements' own reaction (a routed post goes to the channel) replaced by a recorder.
      fallback: { ...sources.fallback, onThreadLost: (_trx, lost) => record("announcements", lost) },
      named: {
        ...sources.named,
        recorded: testSource((_trx, lost) => record("recorded", lost)),
        silent: testSource(),
      },
    });
    const record = (name: string, lost: LostThreadRows) => {
      heard[name]?.push(lost);
      return Promise.resolve();
    };
    const worker = createWorker(adjust);
    await worker.runOnce();
    expect(world.fake.threads.ofMessage(card.messageId)?.parentId).toBe(channel.id);

    // A moderator deletes the thread; then the battle starts (routed into the thread), and each test source
    // queues a post there.
    world.fake.deleteChannel(card.messageId);
    await deliver("battle.started", { object: "battle", id: card.battleId, problem: { title: "Two Sum" } });
    for (const source of ["recorded", "silent"]) {
      await insertInboxEvent(world.db, {
        eventId: `evt_${source}`,
        kind: "test.post",
        source,
        status: "accepted",
        payload: {},
        receivedAt: world.clock.now(),
      });
    }
    const inThread = {
      guildId: world.guild.id,
      channelId: channel.id,
      subscriptionId: null,
      action: "thread-post" as const,
      targetMessageId: card.messageId,
      now: world.clock.now(),
    };
    await enqueueOutboxRows(world.db, [
      { ...inThread, source: "recorded", eventId: "evt_recorded" },
      { ...inThread, source: "silent", eventId: "evt_silent" },
    ]);
    while ((await worker.runOnce()).length > 0);

    const lostBy = (name: string) =>
      (heard[name] ?? []).flatMap((lost) =>
        lost.rows.map((row) => ({ guildId: lost.guildId, source: row.source, action: row.action })),
      );
    expect(lostBy("recorded")).toEqual([
      { guildId: world.guild.id, source: "recorded", action: "thread-post" },
    ]);
    expect(lostBy("announcements")).toEqual([
      { guildId: world.guild.id, source: "operator", action: "thread-post" },
    ]);
    // The recorder moved nothing: no post went to the channel (the card alone is there), and every thread row
    // is dead, the silent source's too.
    expect(world.fake.messages(channel.id)).toHaveLength(1);
    const rows = await world.db
      .selectFrom("outbox")
      .select(["source", "action", "status"])
      .where("action", "in", ["post", "thread-post"])
      .orderBy("source")
      .execute();
    expect(rows).toEqual([
      { source: "operator", action: "thread-post", status: "dead" },
      { source: "recorded", action: "thread-post", status: "dead" },
      { source: "silent", action: "thread-post", status: "dead" },
    ]);
  });
});
