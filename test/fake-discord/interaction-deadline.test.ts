// DiscordAPIError from discord.js: the client throws the CommonJS build's class, not the ESM one.
import { DiscordAPIError, type ChatInputCommandInteraction, type Client } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { createFakeDiscord, InteractionExpiredError, type FakeDiscord } from "../../fake-discord/index.js";
import { createArenaGuild } from "./arena-guild.js";
import { connectClient } from "./connect-client.js";

describe("the 3-second interaction deadline with a real discord.js client", () => {
  const clock = new ManualClock(Date.now());
  let fake: FakeDiscord;
  let client: Client<true>;
  let guildId: string;
  let channelId: string;
  let userId: string;

  beforeAll(async () => {
    fake = await createFakeDiscord({ clock });
    ({ guildId, channelId, userId } = createArenaGuild(fake));
    client = await connectClient(fake);
    await client.application.commands.set([{ name: "stats", description: "Your stats" }], guildId);
  });

  afterAll(async () => {
    await client.destroy();
    await fake.close();
  });

  it("expires an interaction left 4 s unanswered, and the late reply gets 10062", async () => {
    const received = new Promise<ChatInputCommandInteraction>((resolve) => {
      client.once("interactionCreate", (interaction) => {
        if (interaction.isChatInputCommand()) resolve(interaction);
      });
    });
    const handle = fake.runCommand({ guildId, channelId, userId, name: "stats" });
    const interaction = await received;

    clock.advance(4000);
    await expect(handle.response()).rejects.toBeInstanceOf(InteractionExpiredError);

    const lateReply = await interaction.deferReply().then(
      () => null,
      (error: unknown) => error,
    );
    expect(lateReply).toBeInstanceOf(DiscordAPIError);
    expect((lateReply as DiscordAPIError).code).toBe(10062);
    expect(handle.lateCallbacks).toBe(1);
    expect(handle.status).toBe("expired");
  });
});
