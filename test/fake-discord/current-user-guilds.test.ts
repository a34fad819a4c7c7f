// GET /users/@me/guilds in the fake Discord, as Discord documents it: partial guilds in id order, limit 1–200
// (default 200), pages before or after a guild id, counts on request, and only the guilds the bot is in.
import { REST } from "@discordjs/rest";
import { Routes, type RESTGetAPICurrentUserGuildsResult } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";

describe("the fake Discord's list of the bot's guilds", () => {
  let fake: FakeDiscord;
  let rest: REST;
  let ids: string[];
  const list = async (query: Record<string, string> = {}) =>
    (await rest.get(Routes.userGuilds(), {
      query: new URLSearchParams(query),
    })) as RESTGetAPICurrentUserGuildsResult;

  beforeAll(async () => {
    fake = await createFakeDiscord();
    rest = new REST({ api: fake.apiUrl, retries: 0 }).setToken(fake.botToken);
    ids = Array.from({ length: 450 }, (_, index) => fake.createGuild({ name: `Guild ${String(index)}` }).id);
  });
  afterAll(async () => {
    await fake.close();
  });

  it("answers 200 partial guilds in id order by default, and pages after the last id", async () => {
    const first = await list();
    expect(first.map((guild) => guild.id)).toEqual(ids.slice(0, 200));
    expect(first[0]).toEqual({
      id: ids[0],
      name: "Guild 0",
      icon: null,
      banner: null,
      owner: false,
      permissions: expect.stringMatching(/^\d+$/) as unknown,
      features: [],
    });
    const second = await list({ after: first.at(-1)!.id, limit: "200" });
    const third = await list({ after: second.at(-1)!.id, limit: "200" });
    expect([...first, ...second, ...third].map((guild) => guild.id)).toEqual(ids);
    expect(third).toHaveLength(50);
  });

  it("takes a smaller limit, pages before a guild id, and adds counts on request", async () => {
    expect((await list({ limit: "1" })).map((guild) => guild.id)).toEqual([ids[0]]);
    expect((await list({ before: ids[10]!, limit: "3" })).map((guild) => guild.id)).toEqual(ids.slice(7, 10));
    const [counted] = await list({ limit: "1", with_counts: "true" });
    expect(counted).toMatchObject({ approximate_member_count: expect.any(Number) as unknown });
    expect(counted).toHaveProperty("approximate_presence_count");
    expect((await list({ limit: "1" }))[0]).not.toHaveProperty("approximate_member_count");
  });

  it("refuses a limit outside 1–200 and an id that is not a snowflake with 400 50035", async () => {
    for (const query of [{ limit: "0" }, { limit: "201" }, { limit: "ten" }, { after: "abc" }]) {
      await expect(list(query)).rejects.toMatchObject({ status: 400, code: 50035 });
    }
  });

  it("leaves out a guild the bot was removed from, and lists it again once it is back", async () => {
    fake.removeBotFromGuild(ids[5]!);
    const all = async () =>
      [...(await list()), ...(await list({ after: ids[199]! }))].map((guild) => guild.id);
    expect(await all()).not.toContain(ids[5]);
    fake.addBotBackToGuild(ids[5]!);
    expect(await all()).toContain(ids[5]);
  });
});
