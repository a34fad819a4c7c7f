import { type APIInteraction, GatewayDispatchEvents, type Client } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGatewayClient } from "../../src/discord/create-gateway-client.js";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";

describe("the bot's gateway client", () => {
  let fake: FakeDiscord;
  let client: Client;
  let guildsCreated = 0;

  beforeAll(async () => {
    fake = await createFakeDiscord();
    fake.seedRealisticGuilds({ count: 30, seed: 5 });
    client = createGatewayClient({ apiUrl: fake.apiUrl, shards: "auto" });
    client.ws.on(GatewayDispatchEvents.GuildCreate, () => (guildsCreated += 1));
    const ready = new Promise<void>((resolve) =>
      client.once("clientReady", () => {
        resolve();
      }),
    );
    await client.login(fake.botToken);
    await ready;
    await client.rest.put(`/applications/${fake.applicationId}/commands`, {
      body: [{ name: "ping", description: "Ping" }],
    });
  });

  afterAll(async () => {
    await client.destroy();
    await fake.close();
  });

  it("becomes ready with every guild yet keeps no guild, channel, role or member in memory", () => {
    expect(client.isReady()).toBe(true);
    expect(guildsCreated).toBe(30);
    expect(client.guilds.cache.size).toBe(0);
    expect(client.channels.cache.size).toBe(0);
    expect(client.users.cache.size).toBe(0);
  });

  it("still hands the raw interaction payload to the dispatcher", async () => {
    const guild = fake.guilds()[7]!;
    const channel = [...guild.channels.values()].find((candidate) => candidate.type === 0)!;
    const member = fake.createMember(guild.id, { username: "player" });
    const received = new Promise<APIInteraction>((resolve) =>
      client.ws.once(GatewayDispatchEvents.InteractionCreate, resolve),
    );
    fake.runCommand({ guildId: guild.id, channelId: channel.id, userId: member.id, name: "ping" });
    const interaction = await received;
    expect(interaction.guild_id).toBe(guild.id);
    expect(interaction.channel?.id).toBe(channel.id);
    expect(interaction.member?.user.id).toBe(member.id);
  });
});
