import { afterEach, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";

describe("watching a guild's roles", () => {
  let fake: FakeDiscord | undefined;

  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  it("tells each watcher the guild after a role is made, renamed or given, until it stops", async () => {
    fake = await createFakeDiscord();
    const guild = fake.createGuild({ name: "Playground" });
    const alice = fake.createMember(guild.id, { username: "alice" });
    const told: string[] = [];
    const stop = fake.roles.onChange((guildId) => told.push(guildId));
    const gold = fake.roles.create(guild.id, { name: "Gold" });
    fake.roles.giveMember(guild.id, alice.id, gold.id);
    expect(told).toEqual([guild.id, guild.id]);
    stop();
    fake.roles.takeFromMember(guild.id, alice.id, gold.id);
    expect(told).toHaveLength(2);
  });
});
