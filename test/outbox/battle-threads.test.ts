// A battle card's thread through the outbox (docs/architecture.md, "Posting"): started once however often its
// start is sent, and a refusal pauses the channel's threads and tells the admins once.
import { describe, expect, it } from "vitest";
import { findBattleCard } from "../../src/store/battle-cards.js";
import { saveCardStartingThread } from "../../src/store/message-threads.js";
import { listThreadPauses, resumeChannelThreads } from "../../src/store/thread-pauses.js";
import { saveAdminChannel } from "../../src/store/guild-settings.js";
import { recordJoinAnswer } from "../../src/store/battle-answers.js";
import { createSubscription, findSubscription } from "../../src/store/subscriptions.js";
import { testDatabases } from "../store/databases.js";
import { battleCompletedData } from "../webhooks/support/payloads.js";
import { useThreadWorld } from "./support/thread-world.js";

describe.each(testDatabases())("battle card threads on $name", (database) => {
  const { world, createWorker, postCard, deliver, rowsOf } = useThreadWorld(database);
  const startRows = () => rowsOf("start-thread");

  it("pauses the channel's threads and tells the admins once when Create Public Threads is missing", async () => {
    const admin = world.fake.createChannel(world.guild.id, { name: "bot-admin" });
    await saveAdminChannel(world.db, {
      guildId: world.guild.id,
      adminChannelId: admin.id,
      now: world.clock.now(),
    });
    const channel = world.fake.createChannel(world.guild.id, { name: "battles" });
    const worker = createWorker();

    await postCard(channel.id, "bat_1");
    await worker.runOnce();
    const [refused] = await startRows();
    expect(refused).toMatchObject({ status: "dead", last_error: expect.stringContaining("50013") });
    expect(await listThreadPauses(world.db, world.guild.id)).toMatchObject([
      { channelId: channel.id, permission: "Create Public Threads" },
    ]);
    // The channel's next card starts no thread, so nothing is refused or told again.
    await postCard(channel.id, "bat_2");
    await worker.runOnce();
    expect(await startRows()).toHaveLength(1);
    const notices = world.contents(admin.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain("**Create Public Threads**");
    expect(notices[0]).toContain(`<#${channel.id}>`);
    expect(world.fake.threads.list(world.guild.id)).toEqual([]);

    // Granted and resumed, the next card has its thread.
    world.fake.roles.grantBot(world.guild.id, ["CreatePublicThreads"]);
    await resumeChannelThreads(world.db, { guildId: world.guild.id, channelId: channel.id });
    const card = await postCard(channel.id, "bat_3");
    await worker.runOnce();
    expect(world.fake.threads.ofMessage(card.messageId)?.parentId).toBe(channel.id);
    expect((await findBattleCard(world.db, card))?.threadId).toBe(card.messageId);
  });

  it("starts one thread for a card whose start is sent twice, taking Discord's 160004 as done", async () => {
    world.fake.roles.grantBot(world.guild.id, ["CreatePublicThreads"]);
    const channel = world.fake.createChannel(world.guild.id, { name: "battles" });
    const card = await postCard(channel.id, "bat_twice");
    // A second start, as a crash between Discord's answer and our commit would send.
    await saveCardStartingThread(world.db, {
      ...card,
      createdBy: "200000000000000001",
      now: world.clock.now(),
    });

    await createWorker().runOnce();

    expect((await startRows()).map((row) => row.status)).toEqual(["delivered", "delivered"]);
    expect(world.fake.threads.list(world.guild.id).map((thread) => thread.id)).toEqual([card.messageId]);
    expect((await findBattleCard(world.db, card))?.threadId).toBe(card.messageId);
  });

  const join = { status: "active", participants: [{ id: "usr_ada", username: "ada" }] };
  const threadPosts = () => rowsOf("thread-post");

  it("tells a join made before Discord made the card's thread in that thread, once it is made", async () => {
    world.fake.roles.grantBot(world.guild.id, ["CreatePublicThreads"]);
    const channel = world.fake.createChannel(world.guild.id, { name: "battles" });
    const card = await postCard(channel.id, "bat_early");
    await recordJoinAnswer(world.db, { battleId: card.battleId, facts: join, now: world.clock.now() });

    await createWorker().runOnce();

    expect(world.fake.threads.messages(card.messageId).map((message) => message.content)).toEqual([
      "👋 ada joined the battle: 1 seat taken.",
    ]);
    expect(world.contents(channel.id)).toEqual(["⚔️ a battle card"]);
  });

  it("keeps a post for the card's thread waiting while the thread's start was put back, then posts it there", async () => {
    world.fake.roles.grantBot(world.guild.id, ["CreatePublicThreads"]);
    const channel = world.fake.createChannel(world.guild.id, { name: "battles" });
    const card = await postCard(channel.id, "bat_later");
    // The start was put back, as after a failure Discord asked it to retry: the join's post is due first.
    await world.db
      .updateTable("outbox")
      .set({ next_attempt_at: world.clock.now() + 60_000, attempts: 1 })
      .where("action", "=", "start-thread")
      .execute();
    await recordJoinAnswer(world.db, { battleId: card.battleId, facts: join, now: world.clock.now() });
    const worker = createWorker();

    await worker.runOnce();
    expect(world.fake.threads.ofMessage(card.messageId)).toBeUndefined();
    // Put back with no attempt counted, due just after the start (queued in the same millisecond here).
    expect(await threadPosts()).toMatchObject([
      {
        status: "pending",
        attempts: 0,
        next_attempt_at: world.clock.now() + 60_001,
        last_error: expect.stringContaining("the thread's start goes first"),
      },
    ]);
    expect((await findBattleCard(world.db, card))?.threadId).toBe(card.messageId);

    // Both due: the start goes first, then the post, into the thread.
    world.clock.advance(60_001);
    await worker.runOnce();
    expect(world.fake.threads.messages(card.messageId).map((message) => message.content)).toEqual([
      "👋 ada joined the battle: 1 seat taken.",
    ]);
    expect((await threadPosts()).map((row) => [row.status, row.attempts])).toEqual([["delivered", 0]]);
  });

  it("holds the archive back while the thread's result waits, with no attempt counted, then archives after it", async () => {
    world.fake.roles.grantBot(world.guild.id, ["CreatePublicThreads", "SendMessagesInThreads"]);
    const channel = world.fake.createChannel(world.guild.id, { name: "battles" });
    const card = await postCard(channel.id, "bat_result");
    const worker = createWorker();
    await worker.runOnce();
    await deliver("battle.completed", battleCompletedData({ id: card.battleId }));
    // The result's post was put back, as after Discord asked it to retry: the archive is due before it.
    const postDue = world.clock.now() + 60_000;
    await world.db
      .updateTable("outbox")
      .set({ next_attempt_at: postDue, attempts: 1 })
      .where("action", "=", "thread-post")
      .execute();
    const archived = () =>
      world.fake.threads.list(world.guild.id).find((thread) => thread.id === card.messageId)?.thread
        ?.archived;
    const archiveRow = () =>
      world.db
        .selectFrom("outbox")
        .selectAll()
        .where("action", "=", "archive-thread")
        .executeTakeFirstOrThrow();

    world.clock.advance(1);
    await worker.runOnce();
    expect(await archiveRow()).toMatchObject({
      status: "pending",
      attempts: 0,
      next_attempt_at: postDue + 1,
      last_error: expect.stringContaining("the thread's posts go first"),
    });
    expect(archived()).toBe(false);

    world.clock.advance(60_000);
    await worker.runOnce();
    expect(world.fake.threads.messages(card.messageId).map((message) => message.embeds[0]?.title)).toEqual([
      expect.stringContaining("Battle finished"),
    ]);
    expect(archived()).toBe(true);
    expect(await archiveRow()).toMatchObject({ status: "delivered", attempts: 0 });
  });

  it("posts no update that arrives after the result archived the thread, which it would reopen", async () => {
    world.fake.roles.grantBot(world.guild.id, ["CreatePublicThreads", "SendMessagesInThreads"]);
    const channel = world.fake.createChannel(world.guild.id, { name: "battles" });
    const card = await postCard(channel.id, "bat_late");
    const worker = createWorker();
    await worker.runOnce();
    const startedAt = world.clock.now();
    world.clock.advance(60_000);
    await deliver("battle.completed", battleCompletedData({ id: card.battleId }));
    await worker.runOnce();
    // The archive is due just after the result's post (src/store/message-threads.ts).
    world.clock.advance(1);
    await worker.runOnce();
    const thread = () => world.fake.threads.list(world.guild.id).find((each) => each.id === card.messageId);
    expect(thread()?.thread?.archived).toBe(true);

    // The platform's retry of the battle's start (created before the result) comes after it.
    world.clock.advance(1000);
    const started = { id: card.battleId, participants: [{ user_id: "usr_ada", username: "ada" }] };
    await deliver("battle.started", started, startedAt);
    await worker.runOnce();

    expect(thread()?.thread?.archived).toBe(true);
    expect(world.fake.threads.messages(card.messageId).map((message) => message.embeds[0]?.title)).toEqual([
      expect.stringContaining("Battle finished"),
    ]);
    expect((await threadPosts()).map((row) => row.status)).toEqual(["delivered", "delivered"]);
  });

  it("forgets a thread a moderator locked before its archive, pausing nothing and telling the admins nothing", async () => {
    const admin = world.fake.createChannel(world.guild.id, { name: "bot-admin" });
    await saveAdminChannel(world.db, {
      guildId: world.guild.id,
      adminChannelId: admin.id,
      now: world.clock.now(),
    });
    world.fake.roles.grantBot(world.guild.id, ["CreatePublicThreads", "SendMessagesInThreads"]);
    const channel = world.fake.createChannel(world.guild.id, { name: "battles" });
    const card = await postCard(channel.id, "bat_locked_archive");
    const worker = createWorker();
    await worker.runOnce();
    await deliver("battle.completed", battleCompletedData({ id: card.battleId }));
    await worker.runOnce();
    expect(world.fake.threads.messages(card.messageId)).toHaveLength(1);

    // Between the result and the archive, a moderator locks the thread: the bot, its creator, may not archive
    // a locked thread without Manage Threads (403 50013), and no permission of the channel's would help.
    world.fake.threads.setArchived(card.messageId, false, { locked: true });
    world.clock.advance(1);
    await worker.runOnce();

    expect(await rowsOf("archive-thread")).toMatchObject([
      { status: "dead", last_error: expect.stringContaining("50013") },
    ]);
    expect((await findBattleCard(world.db, card))?.threadId).toBeNull();
    expect(await listThreadPauses(world.db, world.guild.id)).toEqual([]);
    expect(world.contents(admin.id)).toEqual([]);
  });

  it("tells a join in the thread, and forgets a deleted thread without closing its channel", async () => {
    world.fake.roles.grantBot(world.guild.id, ["CreatePublicThreads"]);
    const channel = world.fake.createChannel(world.guild.id, { name: "battles" });
    const subscription = await createSubscription(world.db, {
      guildId: world.guild.id,
      channelId: channel.id,
      eventKinds: ["battle.completed"],
      filters: {},
      createdBy: "200000000000000001",
      now: world.clock.now(),
    });
    const card = await postCard(channel.id, "bat_gone");
    const worker = createWorker();
    await worker.runOnce();
    await recordJoinAnswer(world.db, { battleId: card.battleId, facts: join, now: world.clock.now() });
    await worker.runOnce();
    expect(world.fake.threads.messages(card.messageId).map((message) => message.content)).toEqual([
      "👋 ada joined the battle: 1 seat taken.",
    ]);

    world.fake.deleteChannel(card.messageId);
    world.clock.advance(1000);
    await recordJoinAnswer(world.db, { battleId: card.battleId, facts: join, now: world.clock.now() });
    await worker.runOnce();
    expect((await findBattleCard(world.db, card))?.threadId).toBeNull();
    const posts = await world.db
      .selectFrom("outbox")
      .selectAll()
      .where("action", "=", "thread-post")
      .orderBy("created_at")
      .execute();
    expect(posts.map((row) => row.status)).toEqual(["delivered", "dead"]);
    expect(posts[1]?.last_error).toContain("10003");
    expect((await findSubscription(world.db, { guildId: world.guild.id, id: subscription.id }))?.status).toBe(
      "active",
    );
  });
});
