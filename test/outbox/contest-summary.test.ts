import { REST } from "@discordjs/rest";
import { describe, expect, it } from "vitest";
import { nameMessageNonce, nameOutboxGroup } from "../../src/outbox/group-nonce.js";
import type { OutboxResult, RenderOutboxSummary } from "../../src/outbox/index.js";
import { findInboxEvent } from "../../src/store/inbox.js";
import { saveAdminChannel } from "../../src/store/guild-settings.js";
import { findSubscription } from "../../src/store/subscriptions.js";
import { testDatabases } from "../store/databases.js";
import { useOutboxWorld } from "./support/outbox-world.js";
import type { TestEvent } from "./support/test-renderer.js";

const windowMs = 3000;

describe.each(testDatabases())("a contest's rating changes on $name", (database) => {
  const world = useOutboxWorld(database);

  /** The titles of the rows' events, as one message, or `parts` messages of them, the rows dealt in turn. */
  function summarise(parts = 1): RenderOutboxSummary {
    return async (entries) => {
      const titles: string[] = [];
      for (const entry of entries) {
        const event = await findInboxEvent(world.db, { source: entry.source, eventId: entry.eventId });
        titles.push((event?.payload as TestEvent).title ?? "");
      }
      return Array.from({ length: parts }, (_, part) => {
        const dealt = (_row: unknown, index: number) => index % parts === part;
        const title = `Summary ${String(part + 1)}/${String(parts)}`;
        return {
          message: { embeds: [{ title, description: titles.filter(dealt).join("\n") }] },
          rowIds: entries.filter(dealt).map((entry) => entry.id),
        };
      });
    };
  }

  it("go out as one summary per contest and channel, every row once; a lone change goes as itself", async () => {
    const target = await world.subscribeChannel("ratings");
    const ids: string[] = [];
    for (const name of ["ada", "bob", "cy", "dee"])
      ids.push(await world.enqueueChange(target, "battle:b1", name));
    const lone = await world.enqueueChange(target, "battle:b2", "eve alone");
    world.clock.advance(windowMs);

    const results = await world.createWorker({ renderSummary: summarise() }).runOnce();

    const messages = world.fake.messages(target.channelId);
    expect(messages.map((message) => message.embeds[0]?.description ?? message.embeds[0]?.title)).toEqual([
      "ada\nbob\ncy\ndee",
      "eve alone",
    ]);
    expect(messages.map((message) => message.nonce)).toEqual([nameOutboxGroup(ids), lone]);
    expect(results.map((result) => result.outcome)).toEqual(Array(5).fill("delivered"));
    for (const id of ids) {
      expect(await world.entry(id)).toMatchObject({ status: "delivered", postedMessageId: messages[0]?.id });
    }
  });

  it("wait out their window; the first one due takes those of its contest that came later", async () => {
    const target = await world.subscribeChannel("ratings");
    const reported: OutboxResult[] = [];
    const worker = world.createWorker({
      renderSummary: summarise(),
      onResult: (result) => reported.push(result),
    });
    const first = await world.enqueueChange(target, "tournament:t1", "ada");
    const early = await worker.runOnce();
    world.clock.advance(windowMs - 1000);
    const second = await world.enqueueChange(target, "tournament:t1", "bob");
    world.clock.advance(1000);

    const claimed = await worker.runOnce();

    expect(early).toEqual([]);
    expect(claimed.map((result) => result.id)).toEqual([first]);
    expect(reported.map((result) => [result.id, result.outcome])).toEqual([
      [second, "delivered"],
      [first, "delivered"],
    ]);
    expect(await world.entry(second)).toMatchObject({ status: "delivered" });
    expect(world.fake.messages(target.channelId).map((message) => message.embeds[0]?.description)).toEqual([
      "ada\nbob",
    ]);
  });

  it("keep their place: a post queued after a summary that is due goes after it, not into the post before", async () => {
    const target = await world.subscribeChannel("ratings");
    // The channel backed up: a battle's result, its rating change (due once its window passed), then a later
    // battle's result, all due when the worker comes.
    await world.enqueuePost(target, { title: "b1 finished", asEmbed: true });
    await world.enqueueChange(target, "battle:b1", "ada");
    world.clock.advance(windowMs + 1000);
    await world.enqueuePost(target, { title: "b2 finished", asEmbed: true });
    world.clock.advance(1000);

    await world.createWorker({ renderSummary: summarise() }).runOnce();

    expect(
      world.fake
        .messages(target.channelId)
        .map((message) => message.embeds.map((embed) => embed.title ?? "")),
    ).toEqual([["b1 finished"], ["ada"], ["b2 finished"]]);
  });

  it("are sent again under the same nonces when a summary of two messages failed half way", async () => {
    const target = await world.subscribeChannel("ratings");
    const ids: string[] = [];
    for (const name of ["ada", "bob"]) ids.push(await world.enqueueChange(target, "battle:b1", name));
    world.clock.advance(windowMs);
    const rest = new FailingSecondPostRest(world.createRest());
    const worker = world.createWorker({ rest, renderSummary: summarise(2), random: () => 0 });

    const failed = await worker.runOnce();
    const resent = await worker.runOnce();

    const messages = world.fake.messages(target.channelId);
    const groupId = nameOutboxGroup(ids);
    expect(failed.map((result) => result.outcome)).toEqual(["retry", "retry"]);
    expect(resent.map((result) => result.outcome)).toEqual(["delivered", "delivered"]);
    expect(messages.map((message) => [message.embeds[0]?.title, message.nonce])).toEqual([
      ["Summary 1/2", nameMessageNonce(groupId, 0)],
      ["Summary 2/2", nameMessageNonce(groupId, 1)],
    ]);
    expect(world.fake.stats.channelMessagesCreated).toBe(2);
  });

  it("are delivered with the parts Discord made, and the refused part's rows go one by one", async () => {
    const target = await world.subscribeChannel("ratings");
    const [ada, bob] = [
      await world.enqueueChange(target, "battle:b1", "ada"),
      await world.enqueueChange(target, "battle:b1", "bob"),
    ];
    world.clock.advance(windowMs);
    const secondPartEmpty: RenderOutboxSummary = async (entries) => {
      const [first, second] = await summarise(2)(entries);
      // An empty message: Discord refuses it with 400 (50006), and would again at every resend.
      return [first!, { message: { content: "" }, rowIds: second?.rowIds ?? [] }];
    };
    const worker = world.createWorker({ renderSummary: secondPartEmpty });

    const refused = await worker.runOnce();
    const alone = await worker.runOnce();

    const messages = world.fake.messages(target.channelId);
    expect(messages.map((message) => [message.embeds[0]?.title, message.nonce])).toEqual([
      ["Summary 1/2", nameOutboxGroup([ada, bob])],
      // Posted alone under its own id, as any row of a refused group.
      ["bob", bob],
    ]);
    expect(refused).toEqual([
      expect.objectContaining({ id: ada, outcome: "delivered", messageId: messages[0]?.id }),
      expect.objectContaining({ id: bob, outcome: "released", reason: expect.stringContaining("50006") }),
    ]);
    expect(alone).toEqual([
      expect.objectContaining({ id: bob, outcome: "delivered", messageId: messages[1]?.id }),
    ]);
    expect(await world.entry(ada)).toMatchObject({ status: "delivered", postedMessageId: messages[0]?.id });
    expect(await world.entry(bob)).toMatchObject({ status: "delivered", postedMessageId: messages[1]?.id });
  });

  it("are delivered with the parts Discord made when the channel closes to the bot before the next", async () => {
    const admin = world.fake.createChannel(world.guild.id, { name: "bot-admin" });
    await saveAdminChannel(world.db, {
      guildId: world.guild.id,
      adminChannelId: admin.id,
      now: world.clock.now(),
    });
    const target = await world.subscribeChannel("ratings");
    const ids: string[] = [];
    for (const name of ["ada", "bob", "cy"]) ids.push(await world.enqueueChange(target, "battle:b1", name));
    world.clock.advance(windowMs);
    const rest = new ClosingAfterFirstPostRest(world.createRest(), () => {
      world.fake.denyChannelAccess(target.channelId, "missing-permissions");
    });
    const worker = world.createWorker({ rest, renderSummary: summarise(3) });

    const results = await worker.runOnce();
    await worker.runOnce();

    const [posted] = world.fake.messages(target.channelId);
    expect(world.fake.messages(target.channelId).map((message) => message.embeds[0]?.title)).toEqual([
      "Summary 1/3",
    ]);
    expect(results.map((result) => [result.id, result.outcome])).toEqual([
      [ids[0], "delivered"],
      [ids[1], "dead"],
      [ids[2], "dead"],
    ]);
    expect(await world.entry(ids[0]!)).toMatchObject({ status: "delivered", postedMessageId: posted?.id });
    for (const id of ids.slice(1)) {
      expect(await world.entry(id)).toMatchObject({
        status: "dead",
        lastError: "403 Missing Permissions (50013)",
      });
    }
    expect(
      (await findSubscription(world.db, { guildId: world.guild.id, id: target.subscriptionId }))?.status,
    ).toBe("paused");
    expect(world.contents(admin.id)).toEqual([expect.stringContaining("403 Missing Permissions (50013)")]);
  });
});

/** Before its second post, `close` closes the channel to the bot, as a moderator might mid-summary. */
class ClosingAfterFirstPostRest extends REST {
  private posts = 0;

  constructor(
    private readonly real: REST,
    private readonly close: () => void,
  ) {
    super();
  }

  override async post(...args: Parameters<REST["post"]>): Promise<unknown> {
    this.posts += 1;
    if (this.posts === 2) this.close();
    return this.real.post(...args);
  }

  // The 403's check of whether the bot is still in the server reads Discord too.
  override get(...args: Parameters<REST["get"]>): Promise<unknown> {
    return this.real.get(...args);
  }
}

/** The second post it is asked for fails before reaching Discord, as a dropped connection would. */
class FailingSecondPostRest extends REST {
  private posts = 0;

  constructor(private readonly real: REST) {
    super();
  }

  override async post(...args: Parameters<REST["post"]>): Promise<unknown> {
    this.posts += 1;
    if (this.posts === 2) throw new Error("socket hang up");
    return this.real.post(...args);
  }
}
