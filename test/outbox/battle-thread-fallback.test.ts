// An update routed into a battle card's thread that Discord refused or deleted before the update went out
// (src/store/forget-thread.ts): it is posted in the card's channel when that channel's route
// would have had it there, and nothing subscribed to is lost; the thread's own notices are not.
import { describe, expect, it } from "vitest";
import { ChannelType, Routes } from "discord.js";
import { findBattleCard } from "../../src/store/battle-cards.js";
import { saveAdminChannel } from "../../src/store/guild-settings.js";
import { listThreadPauses } from "../../src/store/thread-pauses.js";
import { recordJoinAnswer } from "../../src/store/battle-answers.js";
import { createSubscription } from "../../src/store/subscriptions.js";
import { testDatabases } from "../store/databases.js";
import type { OutboxSources } from "../../src/outbox/index.js";
import { useThreadWorld } from "./support/thread-world.js";

describe.each(testDatabases())("a battle card's forgotten thread on $name", (database) => {
  const { world, createWorker, postCard, deliver, rowsOf } = useThreadWorld(database);
  /** A channel whose route posts battle starts. */
  const subscribedChannel = async () => {
    const channel = world.fake.createChannel(world.guild.id, { name: "battles" });
    const subscription = await createSubscription(world.db, {
      guildId: world.guild.id,
      channelId: channel.id,
      eventKinds: ["battle.started"],
      filters: {},
      createdBy: "200000000000000001",
      now: world.clock.now(),
    });
    return { channel, subscription };
  };
  const battleStarted = (battleId: string) =>
    deliver("battle.started", { object: "battle", id: battleId, problem: { title: "Two Sum" } });
  const titlesIn = (channelId: string) =>
    world.fake.messages(channelId).map((message) => message.embeds[0]?.title ?? message.content);

  it("posts in the channel a start queued for the thread when Discord refuses to make the thread", async () => {
    const { channel, subscription } = await subscribedChannel();
    const card = await postCard(channel.id, "bat_refused");
    await battleStarted(card.battleId);
    expect(await rowsOf("thread-post")).toMatchObject([
      { status: "pending", target_message_id: card.messageId, subscription_id: subscription.id },
    ]);
    const worker = createWorker();

    // The bot may not create threads here: the start is refused (50013), the thread forgotten.
    await worker.runOnce();
    expect((await rowsOf("start-thread"))[0]?.last_error).toContain("50013");
    expect((await findBattleCard(world.db, card))?.threadId).toBeNull();
    await worker.runOnce();

    // After the card (edited for the start), the start itself.
    expect(titlesIn(channel.id).slice(1)).toEqual(["🟢 Battle started: Two Sum"]);
    expect((await rowsOf("thread-post")).map((row) => row.status)).toEqual(["dead"]);
    expect(await rowsOf("post")).toMatchObject([{ status: "delivered", subscription_id: subscription.id }]);
    expect(world.fake.threads.list(world.guild.id)).toEqual([]);
  });

  it("forgets the thread of a card deleted before its thread started, and posts its updates in the channel", async () => {
    world.fake.roles.grantBot(world.guild.id, ["CreatePublicThreads", "SendMessagesInThreads"]);
    const { channel } = await subscribedChannel();
    const card = await postCard(channel.id, "bat_card_deleted");
    // A moderator deletes the card before the bot starts its thread.
    await world.createRest().delete(Routes.channelMessage(channel.id, card.messageId));
    const worker = createWorker();

    // The start meets Unknown Message (10008): no thread will be, so it is forgotten at once.
    await worker.runOnce();
    expect(await rowsOf("start-thread")).toMatchObject([
      { status: "dead", last_error: expect.stringContaining("10008") },
    ]);
    expect((await findBattleCard(world.db, card))?.threadId).toBeNull();

    // The battle's updates are queued for the channel, not for the thread that never was.
    await battleStarted(card.battleId);
    await worker.runOnce();
    expect(await rowsOf("thread-post")).toEqual([]);
    expect(titlesIn(channel.id)).toEqual(["🟢 Battle started: Two Sum"]);
    // The card, then the start in the channel: none to a thread.
    expect(world.fake.stats.requestsByRoute.get("POST /channels/:channelId/messages")).toBe(2);
  });

  it("posts in the channel the update that found its thread deleted, but not the thread's join notice", async () => {
    world.fake.roles.grantBot(world.guild.id, ["CreatePublicThreads", "SendMessagesInThreads"]);
    const { channel } = await subscribedChannel();
    const card = await postCard(channel.id, "bat_deleted");
    const worker = createWorker();
    await worker.runOnce();
    expect(world.fake.threads.ofMessage(card.messageId)?.parentId).toBe(channel.id);

    // A moderator deletes the thread; then the battle starts and a player joins, both queued for the thread.
    world.fake.deleteChannel(card.messageId);
    await battleStarted(card.battleId);
    await recordJoinAnswer(world.db, {
      battleId: card.battleId,
      facts: { status: "active", participants: [{ id: "usr_ada", username: "ada" }] },
      now: world.clock.now(),
    });
    await worker.runOnce();
    await worker.runOnce();

    expect((await findBattleCard(world.db, card))?.threadId).toBeNull();
    const threadPosts = await rowsOf("thread-post");
    expect(threadPosts.map((row) => row.status)).toEqual(["dead", "dead"]);
    expect(threadPosts.map((row) => row.last_error)).toEqual([
      expect.stringContaining("10003"),
      expect.stringContaining("10003"),
    ]);
    // After the card (edited for the start), the start itself.
    expect(titlesIn(channel.id).slice(1)).toEqual(["🟢 Battle started: Two Sum"]);
  });

  it("posts in the channel the update that found its thread locked by a moderator, and no more in the thread", async () => {
    world.fake.roles.grantBot(world.guild.id, ["CreatePublicThreads", "SendMessagesInThreads"]);
    const { channel } = await subscribedChannel();
    const card = await postCard(channel.id, "bat_locked");
    const worker = createWorker();
    await worker.runOnce();

    // A moderator locks the thread (and archives it): the bot, without Manage Threads, may not post there.
    world.fake.threads.setArchived(card.messageId, true, { locked: true });
    await battleStarted(card.battleId);
    await worker.runOnce();
    await worker.runOnce();

    expect((await findBattleCard(world.db, card))?.threadId).toBeNull();
    expect(await rowsOf("thread-post")).toMatchObject([
      { status: "dead", last_error: expect.stringContaining("160005") },
    ]);
    expect(titlesIn(channel.id).slice(1)).toEqual(["🟢 Battle started: Two Sum"]);
    expect(world.fake.threads.messages(card.messageId)).toEqual([]);
  });

  it("posts in a voice channel's chat, or in a thread, the updates of a card there, which can start no thread", async () => {
    const admin = world.fake.createChannel(world.guild.id, { name: "bot-admin" });
    await saveAdminChannel(world.db, {
      guildId: world.guild.id,
      adminChannelId: admin.id,
      now: world.clock.now(),
    });
    world.fake.roles.grantBot(world.guild.id, ["CreatePublicThreads", "SendMessagesInThreads"]);
    const { channel } = await subscribedChannel();
    const voice = world.fake.createChannel(world.guild.id, {
      name: "Arena voice",
      type: ChannelType.GuildVoice,
    });
    const lobby = await postCard(channel.id, "bat_lobby");
    await createWorker().runOnce();
    const thread = world.fake.threads.ofMessage(lobby.messageId);
    expect(thread?.parentId).toBe(channel.id);
    const places = [voice.id, lobby.messageId];
    for (const place of places) {
      await createSubscription(world.db, {
        guildId: world.guild.id,
        channelId: place,
        eventKinds: ["battle.started"],
        filters: {},
        createdBy: "200000000000000001",
        now: world.clock.now(),
      });
    }

    // A card posted in each (/battle create there): Discord starts no thread from it (400 50024), so the card
    // has none, and the battle's start, arriving after, is posted in the place itself, not queued for a thread.
    const cards = [await postCard(voice.id, "bat_voice"), await postCard(lobby.messageId, "bat_thread")];
    const worker = createWorker();
    while ((await worker.runOnce()).length > 0);
    for (const card of cards) expect((await findBattleCard(world.db, card))?.threadId).toBeNull();
    for (const card of cards) await battleStarted(card.battleId);
    while ((await worker.runOnce()).length > 0);

    for (const card of cards) {
      expect(titlesIn(card.channelId).slice(-1)).toEqual(["🟢 Battle started: Two Sum"]);
    }
    const rowsIn = async (action: "start-thread" | "thread-post") =>
      (await rowsOf(action)).filter((row) => places.includes(row.channel_id));
    expect(await rowsIn("start-thread")).toMatchObject([
      { status: "dead", attempts: 1, last_error: expect.stringContaining("50024") },
      { status: "dead", attempts: 1, last_error: expect.stringContaining("50024") },
    ]);
    expect(await rowsIn("thread-post")).toEqual([]);
    expect(world.fake.threads.list(world.guild.id).map((each) => each.id)).toEqual([lobby.messageId]);
    // Nothing for the admins to grant: no pause, no notice.
    expect(await listThreadPauses(world.db, world.guild.id)).toEqual([]);
    expect(world.contents(admin.id)).toEqual([]);
  });

  /** A card in a subscribed channel whose thread was deleted, and a battle start queued for that thread. */
  const startQueuedForDeletedThread = async (battleId: string) => {
    world.fake.roles.grantBot(world.guild.id, ["CreatePublicThreads", "SendMessagesInThreads"]);
    const { channel } = await subscribedChannel();
    const card = await postCard(channel.id, battleId);
    await createWorker().runOnce();
    world.fake.deleteChannel(card.messageId);
    await battleStarted(card.battleId);
    return { channel, card };
  };
  /** The bot's sources, with the announcements' reaction to a gone thread failing after its writes `times` times. */
  const failingReaction = (times: number) => {
    const failures = { count: 0 };
    const adjust = (sources: OutboxSources): OutboxSources => {
      const forget = sources.fallback.onFailure?.["thread-gone"];
      if (forget === undefined) throw new Error("the announcements forget a gone thread");
      const failing: typeof forget = async (trx, failed) => {
        const notice = await forget(trx, failed);
        if (failures.count++ < times) throw new Error("the database went away");
        return notice;
      };
      return { ...sources, fallback: { ...sources.fallback, onFailure: { "thread-gone": failing } } };
    };
    return { failures, adjust };
  };

  it("keeps a post's failure on its deleted thread only with the move, and retries both when the move fails", async () => {
    const { channel, card } = await startQueuedForDeletedThread("bat_atomic");
    const { failures, adjust } = failingReaction(1);
    const worker = createWorker(adjust);

    await worker.runOnce();
    expect(failures.count).toBe(1);
    // The reaction forgot the thread and moved the post, then failed: none of it was kept, nor the row's death.
    expect((await findBattleCard(world.db, card))?.threadId).toBe(card.messageId);
    expect(await rowsOf("post")).toEqual([]);
    expect(await rowsOf("thread-post")).toMatchObject([
      { status: "pending", attempts: 1, last_error: expect.stringContaining("reacting to it failed") },
    ]);

    // Retried after its backoff (under a second for a first retry): the thread is gone, the post moves.
    world.clock.advance(1000);
    await worker.runOnce();
    await worker.runOnce();
    expect(failures.count).toBe(2);
    expect((await rowsOf("thread-post")).map((row) => row.status)).toEqual(["dead"]);
    expect(titlesIn(channel.id).slice(1)).toEqual(["🟢 Battle started: Two Sum"]);
  });

  it("gives a row up without its reaction once a reaction that keeps failing used up its retries", async () => {
    const { channel, card } = await startQueuedForDeletedThread("bat_stuck");
    const { failures, adjust } = failingReaction(Number.POSITIVE_INFINITY);
    const worker = createWorker(adjust, { retry: { maxAttempts: 3 } });

    for (let round = 0; round < 3; round += 1) {
      await worker.runOnce();
      world.clock.advance(60_000);
    }

    expect(failures.count).toBe(3);
    expect(await rowsOf("thread-post")).toMatchObject([
      { status: "dead", attempts: 3, last_error: expect.stringContaining("gave up after 3 attempts") },
    ]);
    // Given up as before reactions were kept with the failure: the thread is not forgotten, nothing moved.
    expect((await findBattleCard(world.db, card))?.threadId).toBe(card.messageId);
    expect(titlesIn(channel.id)).toHaveLength(1);
  });
});
