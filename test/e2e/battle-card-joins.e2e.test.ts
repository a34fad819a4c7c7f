// The battle card shows each join at once, from the platform's answer to the join the bot made, whether or
// not a webhook brings the battle's events (docs/architecture.md, "Routing").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeUser, StoredMessage } from "../../fake-discord/index.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";
import { buttonLabelled, field } from "./support/message-parts.js";

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

  beforeAll(async () => {
    world = await startEndToEnd(webhook ? { env: { PLATFORM_WEBHOOK_SECRET: operatorSecret } } : {});
    carol = world.discord.createMember(world.guildId, { username: "carol" });
    const keyOf = (username: string) =>
      world.sandbox.keys.find((key) => key.username === username)?.key ?? "";
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
});
