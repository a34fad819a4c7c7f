import { once } from "node:events";
import { REST } from "@discordjs/rest";
import { type APIInteraction, GatewayDispatchEvents, Routes } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGatewayClient } from "../../src/discord/create-gateway-client.js";
import type { GatewayClient } from "../../src/discord/gateway-client.js";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";

describe("the bot's gateway client", () => {
  let fake: FakeDiscord;
  let client: GatewayClient;
  let guildsCreated = 0;
  const shardsReady: number[] = [];

  beforeAll(async () => {
    fake = await createFakeDiscord();
    fake.seedRealisticGuilds({ count: 30, seed: 5 });
    client = createGatewayClient({ apiUrl: fake.apiUrl, shards: "auto" });
    client.ws.on(GatewayDispatchEvents.GuildCreate, () => (guildsCreated += 1));
    client.on("shardReady", (shardId) => shardsReady.push(shardId));
    const ready = once(client, "clientReady");
    await client.login(fake.botToken);
    await ready;
    await new REST({ api: fake.apiUrl })
      .setToken(fake.botToken)
      .put(Routes.applicationCommands(fake.applicationId), { body: [{ name: "ping", description: "Ping" }] });
  });

  afterAll(async () => {
    await client.destroy();
    await fake.close();
  });

  it("becomes ready once every guild READY announced has arrived, on the shards Discord recommends", () => {
    expect(client.isReady()).toBe(true);
    expect(guildsCreated).toBe(30);
    expect(client.options).toEqual({ shards: [0], shardCount: 1 });
    expect(shardsReady).toEqual([0]);
    expect([...client.ws.shards.values()]).toEqual([expect.objectContaining({ id: 0, status: "ready" })]);
  });

  it("hands the raw interaction payload to the dispatcher", async () => {
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

  it("passes on the GUILD_CREATE of a guild joined after READY", async () => {
    const received = new Promise<string>((resolve) =>
      client.ws.once(GatewayDispatchEvents.GuildCreate, (guild) => {
        resolve(guild.id);
      }),
    );
    const guild = fake.createGuild({ name: "Joined later" });
    expect(await received).toBe(guild.id);
    expect(client.isReady()).toBe(true);
  });

  it("refuses a token Discord does not know with discord.js's message, which the README quotes", async () => {
    const other = createGatewayClient({ apiUrl: fake.apiUrl });
    await expect(other.login("not-the-token")).rejects.toThrow("An invalid token was provided.");
    expect(other.isReady()).toBe(false);
  });

  it("stops without reporting its shards as reconnecting, and is no longer ready", async () => {
    const other = createGatewayClient({ apiUrl: fake.apiUrl, shards: [0], shardCount: 1 });
    const reconnecting: number[] = [];
    other.on("shardReconnecting", (shardId) => reconnecting.push(shardId));
    const ready = once(other, "clientReady");
    await other.login(fake.botToken);
    await ready;
    await other.destroy();
    expect(other.isReady()).toBe(false);
    expect(reconnecting).toEqual([]);
  });
});
