// The battle card shows each join at once, from the platform's answer to the join the bot made, whether or
// not a webhook brings the battle's events (docs/architecture.md, "Routing"); its thread tells each join,
// the battle's events and its result, and is archived when the battle ends ("Posting").
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { FakeUser, StoredMessage } from "../../fake-discord/index.js";
import { createSubscription } from "../../src/store/subscriptions.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";
import { buttonLabelled, ephemeral, field } from "./support/message-parts.js";
import { waitForSavedCard } from "./support/saved-battle-card.js";

const operatorSecret = "operator-webhook-secret-for-card-joins";
/** How soon after the join's answer the card must show it. */
const joinShownWithinMs = 1000;

const setups = [
  { name: "with the operator webhook configured", webhook: true },
  { name: "without any webhook", webhook: false },
] as const;

describe.each(setups)("the battle card follows joins, $name", ({ webhook }) => {
  let world: EndToEnd;
  let carol: FakeUser;
  let card: StoredMessage;
  let battleId: string;
  const keyOf = (username: string) => world.sandbox.keys.find((key) => key.username === username)?.key ?? "";

  beforeAll(async () => {
    world = await startEndToEnd(webhook ? { env: { PLATFORM_WEBHOOK_SECRET: operatorSecret } } : {});
    world.discord.roles.grantBot(world.guildId, ["CreatePublicThreads", "SendMessagesInThreads"]);
    // The card's channel follows battles: their progress goes into the card's thread, the result here too.
    await createSubscription(world.bot.deps.db, {
      guildId: world.guildId,
      channelId: world.channelId,
      eventKinds: ["battle.started", "battle.submission", "battle.completed"],
      filters: {},
      createdBy: world.members.admin.id,
      now: Date.now(),
    });
    carol = world.discord.createMember(world.guildId, { username: "carol" });
    await linkMember(world, world.members.alice.id, keyOf("alice"));
    await linkMember(world, world.members.bob.id, keyOf("bob"));
    await linkMember(world, carol.id, keyOf("carol"));
    if (webhook) {
      const registered = await fetch(`${world.sandbox.url}/api/v1/webhooks`, {
        method: "POST",
        headers: { authorization: `Bearer ${keyOf("alice")}`, "content-type": "application/json" },
        body: JSON.stringify({
          url: `${world.publicUrl}/webhooks/platform`,
          events: ["battle.created", "battle.started", "battle.submission", "battle.completed"],
          secret: operatorSecret,
        }),
      });
      expect(registered.status).toBeLessThan(300);
    }
    card = await world.discord
      .runCommand({
        guildId: world.guildId,
        channelId: world.channelId,
        userId: world.members.alice.id,
        name: "battle",
        subcommand: "create",
        options: { difficulty: "easy", language: "cpp", participants: 2, problem: "prb_easy_02" },
      })
      .waitForFinal();
    battleId = buttonLabelled(card, "Join").custom_id.replace("battle:join:", "");
    await world.discord.threads.waitForThread(world.guildId, (thread) => thread.id === card.id);
    // Discord made the thread; the bot records it just after, and only then sends updates there.
    await waitForSavedCard(world, battleId, (saved) => saved.threadId === card.id, "the card's thread");
  }, 60_000);
  afterAll(async () => {
    await world.close();
  });

  /** The card as soon as its Players field reads `seats`, within a second of the join's answer. */
  const cardShowing = (seats: string) =>
    world.discord.waitForMessage(
      world.channelId,
      (message) => message.id === card.id && (field(message, "Players") ?? "").startsWith(seats),
      joinShownWithinMs,
    );

  it("shows the first player as soon as they join with the card's Join button", async () => {
    const { bob } = world.members;
    expect(field(card, "Players")).toBe("**0/2** seats taken\nNobody yet");
    await world.discord
      .pressButton({ message: card, customId: `battle:join:${battleId}`, userId: bob.id })
      .waitForFinal();
    const shown = await cardShowing("**1/2** seats taken");
    expect(field(shown, "Players")).toBe(`**1/2** seats taken\n• <@${bob.id}>`);
    expect(field(shown, "Status")).toMatch(/^🟢 Live/);
    expect(buttonLabelled(shown, "Join").disabled).toBe(false);
  });

  it("shows the second player at once after /battle join, and a full battle's Join is disabled", async () => {
    await world.discord
      .runCommand({
        guildId: world.guildId,
        channelId: world.channelId,
        userId: carol.id,
        name: "battle",
        subcommand: "join",
        options: { id: battleId },
      })
      .waitForFinal();
    const shown = await cardShowing("**2/2** seats taken");
    expect(field(shown, "Players")).toContain(`<@${world.members.bob.id}>`);
    expect(field(shown, "Players")).toContain(`<@${carol.id}>`);
    expect(buttonLabelled(shown, "Join").disabled).toBe(true);
    expect(buttonLabelled(shown, "Submit code").disabled).toBe(false);
    // What only the create answer told (without a webhook no battle.created arrives) stays on the card.
    expect(field(shown, "Language")).toBe("C++");
    expect(shown.embeds[0]?.title).toBe("⚔️ Valid Parentheses");
  });

  const publicPosts = () =>
    world.discord.messages(world.channelId).filter((message) => (message.flags & ephemeral) === 0);

  it("started a public thread from the card, named for its problem", () => {
    const thread = world.discord.threads.ofMessage(card.id);
    expect(thread?.name).toBe(`⚔️ Valid Parentheses · ${battleId}`);
    expect(thread?.parentId).toBe(world.channelId);
  });

  it("tells both joins in the card's thread, and posts no join in the channel", async () => {
    const joins = await vi.waitFor(
      () => {
        const told = world.discord.threads
          .messages(card.id)
          .filter((message) => message.content.startsWith("👋"));
        if (told.length < 2) throw new Error("both joins are not told yet");
        return told;
      },
      { timeout: 15_000 },
    );
    expect(joins.map((message) => message.content)).toEqual([
      "👋 bob joined the battle: 1/2 seats taken.",
      "👋 carol joined the battle: 2/2 seats taken.",
    ]);
    expect(joins.every((message) => (message.allowedMentions?.parse ?? []).length === 0)).toBe(true);
    expect(publicPosts().map((message) => message.id)).toEqual([card.id]);
  });

  it.runIf(webhook)(
    "posts the result once in the channel and in the thread, and archives the thread",
    async () => {
      for (const username of ["bob", "carol"]) {
        const submitted = await fetch(`${world.sandbox.url}/v1/battles/${battleId}/submit`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${keyOf(username)}`,
            "content-type": "application/json",
          },
          body: JSON.stringify({ language: "cpp", code: username === "bob" ? "PASS" : "FAIL" }),
        });
        expect(submitted.status).toBeLessThan(300);
      }
      const archived = await world.discord.threads.waitForThread(
        world.guildId,
        (thread) => thread.id === card.id && thread.thread?.archived === true,
        15_000,
      );
      expect(archived.thread?.archived).toBe(true);
      const inThread = world.discord.threads.messages(card.id);
      const inChannel = publicPosts().filter((message) => message.id !== card.id);
      // The submissions went into the thread, and the result into both.
      expect(inThread.length).toBeGreaterThanOrEqual(4);
      expect(inChannel).toHaveLength(1);
      const result = JSON.stringify(inChannel[0]?.embeds);
      expect(result).toContain(battleId);
      expect(JSON.stringify(inThread.at(-1)?.embeds)).toBe(result);
    },
    40_000,
  );
});
