// The bot token's two REST clients as the bot builds them (src/discord/bot-rest-options.ts): the shared one
// sends a request again after a lost answer, the one for creates with no nonce does not, so a role Discord made
// is not made twice. The answer is lost by an HTTP proxy on 127.0.0.1 in front of the fake Discord, after the
// fake acted. Both sit out a short rate limit and refuse a long one, unsent.
import { RateLimitError } from "@discordjs/rest";
import { Routes } from "discord-api-types/v10";
import { describe, expect, it } from "vitest";
import { createFakeDiscord } from "../../fake-discord/index.js";
import {
  createBotRestClients,
  maxRateLimitWaitMs,
  refusesLongWaits,
  unpacedRequestsPerSecond,
} from "../../src/discord/bot-rest-options.js";
import { useAnswerDroppingProxy } from "../support/answer-dropping-proxy.js";
import { useFakeGuild } from "../support/fake-guild.js";

describe("the bot's REST clients", () => {
  const discord = useFakeGuild({ permissions: ["ManageRoles"] });
  const dropping = useAnswerDroppingProxy(() => discord.fake.apiUrl);

  it("sends a create again after a lost answer through the shared client, and once through the one for creates", async () => {
    const proxy = dropping.current;
    const { rest, restForCreates } = createBotRestClients(
      { api: `${proxy.origin}/api`, globalRequestsPerSecond: 50, timeout: undefined },
      discord.fake.botToken,
    );
    const named = (name: string) =>
      discord.fake.roles.list(discord.guild.id).filter((role) => role.name === name);
    const create = (client: typeof rest, name: string) => {
      proxy.dropNext((method, path) => method === "POST" && path.endsWith("/roles"));
      return client.post(Routes.guildRoles(discord.guild.id), { body: { name } });
    };

    await expect(create(rest, "Shared")).resolves.toMatchObject({ name: "Shared" });
    expect(named("Shared")).toHaveLength(2);

    await expect(create(restForCreates, "Once")).rejects.toThrow();
    expect(named("Once")).toHaveLength(1);
    expect(proxy.dropped).toBe(2);
  });

  it("splits the instance's share of the global limit between the two, which each pace themselves alone", () => {
    const paceOf = (perSecond: number) => {
      const { rest, restForCreates } = createBotRestClients(
        { api: discord.fake.apiUrl, globalRequestsPerSecond: perSecond, timeout: undefined },
        discord.fake.botToken,
      );
      for (const client of [rest, restForCreates]) {
        client.clearHashSweeper();
        client.clearHandlerSweeper();
      }
      return [rest.options.globalRequestsPerSecond, restForCreates.options.globalRequestsPerSecond];
    };
    expect(paceOf(50)).toEqual([45, 5]);
    expect(paceOf(25)).toEqual([23, 2]);
    expect(paceOf(5)).toEqual([4, 1]);
    // Behind the shared proxy neither is paced: the proxy paces every request.
    expect(paceOf(unpacedRequestsPerSecond)).toEqual([unpacedRequestsPerSecond, unpacedRequestsPerSecond]);
  });

  it("refuses, unsent, a request that would wait out a long rate limit, through either client", async () => {
    const windowMs = 4 * maxRateLimitWaitMs;
    const fake = await createFakeDiscord({
      routeLimits: {
        "POST /guilds/:guildId/roles": { limit: 1, windowMs },
        "POST /channels/:channelId/messages": { limit: 1, windowMs },
      },
    });
    try {
      const guild = fake.createGuild({ name: "Limited" });
      fake.roles.grantBot(guild.id, ["ManageRoles"]);
      const channel = fake.createChannel(guild.id, { name: "results" });
      const { rest, restForCreates } = createBotRestClients(
        { api: fake.apiUrl, globalRequestsPerSecond: 50, timeout: undefined },
        fake.botToken,
      );
      const create = (name: string) => restForCreates.post(Routes.guildRoles(guild.id), { body: { name } });
      const post = (content: string) => rest.post(Routes.channelMessages(channel.id), { body: { content } });
      await expect(create("First")).resolves.toMatchObject({ name: "First" });
      await expect(post("first")).resolves.toMatchObject({ content: "first" });
      // Each bucket is spent for the window: a wait of far more than the bound.
      for (const refused of [
        await create("Second").catch((error: unknown) => error),
        await post("second").catch((error: unknown) => error),
      ]) {
        expect(refused).toBeInstanceOf(RateLimitError);
        expect((refused as RateLimitError).retryAfter).toBeGreaterThan(maxRateLimitWaitMs);
      }
      expect(fake.roles.list(guild.id).filter((role) => role.name === "Second")).toEqual([]);
      expect(fake.messages(channel.id).map((message) => message.content)).toEqual(["first"]);
      for (const client of [rest, restForCreates]) {
        client.clearHashSweeper();
        client.clearHandlerSweeper();
      }
    } finally {
      await fake.close();
    }
  });

  it("sits out a whole window of a 10 s bucket (a guild's role changes) with @discordjs/rest's offsets", () => {
    // What @discordjs/rest asks about a bucket of 10 s spent at once: its reset, plus its 50 ms offset twice.
    const limit = {
      global: false,
      method: "PUT",
      url: "/guilds/1/members/2/roles/3",
      route: "/guilds/:id/members/:id/roles/:id",
      majorParameter: "1",
      hash: "role-changes",
      limit: 10,
      timeToReset: 10_100,
      retryAfter: 10_100,
      sublimitTimeout: 0,
      scope: "user",
    } as const;
    expect(refusesLongWaits(limit)).toBe(false);
    expect(refusesLongWaits({ ...limit, retryAfter: maxRateLimitWaitMs + 1 })).toBe(true);
  });
});
