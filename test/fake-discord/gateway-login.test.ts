import type { Client } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { connectClient } from "./connect-client.js";

describe("fake Discord gateway with a real discord.js client", () => {
  let fake: FakeDiscord;
  let client: Client<true>;
  let guildId: string;
  let channelId: string;

  beforeAll(async () => {
    fake = await createFakeDiscord();
    const guild = fake.createGuild({ name: "Arena" });
    guildId = guild.id;
    channelId = fake.createChannel(guild.id, { name: "battles" }).id;
    fake.createGuild({ name: "Second server", channels: ["general"] });
    client = await connectClient(fake);
  });

  afterAll(async () => {
    await client.destroy();
    await fake.close();
  });

  it("logs in and receives every guild with its channels", () => {
    expect(client.user.id).toBe(fake.applicationId);
    expect(client.guilds.cache.size).toBe(2);
    const guild = client.guilds.cache.get(guildId);
    expect(guild?.name).toBe("Arena");
    expect(guild?.channels.cache.get(channelId)?.name).toBe("battles");
    expect(guild?.members.me?.id).toBe(fake.applicationId);
  });

  it("hands out snowflakes 17 to 19 digits long", () => {
    for (const id of [guildId, channelId, fake.applicationId]) expect(id).toMatch(/^\d{17,19}$/);
  });

  it("sends a guild created after login to the client", async () => {
    const joined = new Promise<string>((resolve) => {
      client.once("guildCreate", (guild) => {
        resolve(guild.name);
      });
    });
    fake.createGuild({ name: "Late server" });
    await expect(joined).resolves.toBe("Late server");
  });

  it("resumes the session when told to reconnect", async () => {
    const resumed = new Promise<void>((resolve) => {
      client.once("shardResume", () => {
        resolve();
      });
    });
    fake.gateway.requestReconnect();
    await resumed;
    expect(fake.gateway.stats.resumes).toBe(1);
    expect(fake.gateway.stats.identifies).toBe(1);
  });
});
