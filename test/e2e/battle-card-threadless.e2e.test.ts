// A battle card posted where no thread can start, a voice channel's text chat or a thread, starts none: the bot
// queues no start Discord would refuse (400 50024), and the card is kept without a thread, so its battle's
// updates stay in the channel (docs/architecture.md, "Posting").
import { ChannelType } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";
import { buttonLabelled } from "./support/message-parts.js";
import { keyOf } from "./support/sandbox-keys.js";
import { waitForSavedCard } from "./support/saved-battle-card.js";

describe("a battle card where no thread can start", () => {
  let world: EndToEnd;

  beforeAll(async () => {
    world = await startEndToEnd();
    world.discord.roles.grantBot(world.guildId, ["CreatePublicThreads", "SendMessagesInThreads"]);
    await linkMember(world, world.members.alice.id, keyOf(world, "alice"));
  }, 60_000);
  afterAll(async () => {
    await world.close();
  });

  /** `/battle create` run by alice in `channelId`: the card, once the bot has saved it. */
  const createCardIn = async (channelId: string) => {
    const card = await world.discord
      .runCommand({
        guildId: world.guildId,
        channelId,
        userId: world.members.alice.id,
        name: "battle",
        subcommand: "create",
        options: { difficulty: "easy", language: "cpp", participants: 2, problem: "prb_easy_02" },
      })
      .waitForFinal();
    const battleId = buttonLabelled(card, "Join").custom_id.replace("battle:join:", "");
    return waitForSavedCard(world, battleId);
  };
  const threadStartsIn = (channelId: string) =>
    world.bot.deps.db
      .selectFrom("outbox")
      .select("id")
      .where("action", "=", "start-thread")
      .where("channel_id", "=", channelId)
      .execute();

  it("keeps a card in a voice channel's chat, or in a thread, without a thread, and queues no start", async () => {
    const voice = world.discord.createChannel(world.guildId, {
      name: "Arena voice",
      type: ChannelType.GuildVoice,
    });
    const inChannel = await createCardIn(world.channelId);
    // The card in the text channel has its thread, which is where the second card is posted.
    const thread = await world.discord.threads.waitForThread(
      world.guildId,
      (each) => each.id === inChannel.messageId,
    );

    for (const channelId of [voice.id, thread.id]) {
      const card = await createCardIn(channelId);
      expect(card.channelId).toBe(channelId);
      expect(card.threadId).toBeNull();
      expect(await threadStartsIn(channelId)).toEqual([]);
    }
    expect(world.discord.threads.list(world.guildId).map((each) => each.id)).toEqual([thread.id]);
  });
});
