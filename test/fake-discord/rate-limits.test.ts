import { REST } from "@discordjs/rest";
import { Routes } from "discord.js";
import { afterEach, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord, type FakeDiscordOptions } from "../../fake-discord/index.js";
import { ManualClock } from "../../src/clock.js";

describe("rate limits of the fake Discord", () => {
  let fake: FakeDiscord | undefined;

  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  async function startFake(
    options: FakeDiscordOptions,
  ): Promise<{ fake: FakeDiscord; channelIds: string[] }> {
    fake = await createFakeDiscord(options);
    const guild = fake.createGuild({ name: "Arena" });
    const current = fake;
    const channelIds = Array.from(
      { length: 40 },
      (_, index) => current.createChannel(guild.id, { name: `channel-${index}` }).id,
    );
    return { fake: current, channelIds };
  }

  function postRaw(target: FakeDiscord, channelId: string, content: string): Promise<Response> {
    return fetch(`${target.apiUrl}/v10/channels/${channelId}/messages`, {
      method: "POST",
      headers: { authorization: `Bot ${target.botToken}`, "content-type": "application/json" },
      body: JSON.stringify({ content }),
    });
  }

  // The windows run on a manual clock: what is "within one window" must not depend on how fast the machine
  // answers the requests (docs/conventions.md, habit 10).
  it("answers 429 with retry_after to every post past a channel's limit within its window, then admits again", async () => {
    const clock = new ManualClock();
    const { fake: target, channelIds } = await startFake({
      rateLimitClock: clock,
      routeLimits: { "POST /channels/:channelId/messages": { limit: 5, windowMs: 5000 } },
    });
    const channelId = channelIds[0]!;
    const first = await postRaw(target, channelId, "message 0");
    const rest = await Promise.all(
      Array.from({ length: 7 }, (_, index) => postRaw(target, channelId, `message ${index + 1}`)),
    );
    const responses = [first, ...rest];
    expect(responses.map((response) => response.status).sort()).toEqual([
      200, 200, 200, 200, 200, 429, 429, 429,
    ]);
    expect(first.headers.get("x-ratelimit-limit")).toBe("5");
    expect(first.headers.get("x-ratelimit-remaining")).toBe("4");
    const admitted = responses.filter((response) => response.status === 200);
    expect(new Set(admitted.map((response) => response.headers.get("x-ratelimit-bucket")))).toEqual(
      new Set([first.headers.get("x-ratelimit-bucket")]),
    );
    expect(admitted.map((response) => response.headers.get("x-ratelimit-remaining")).sort()).toEqual([
      "0",
      "1",
      "2",
      "3",
      "4",
    ]);

    clock.advance(1500);
    const limited = await postRaw(target, channelId, "too soon");
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ retry_after: 3.5, global: false });
    expect(limited.headers.get("retry-after")).toBe("4");
    expect(limited.headers.get("x-ratelimit-scope")).toBe("user");
    // Another channel is another bucket.
    expect((await postRaw(target, channelIds[1]!, "elsewhere")).status).toBe(200);
    expect(target.stats.rateLimited).toBe(4);

    clock.advance(3500);
    expect((await postRaw(target, channelId, "next window")).status).toBe(200);
    expect(target.messages(channelId)).toHaveLength(6);
  });

  it("answers every request 429 with Retry-After and plain text while Cloudflare bans the address", async () => {
    const { fake: banned, channelIds } = await startFake({});
    const [channelId = ""] = channelIds;
    banned.setCloudflareBan({ retryAfterSeconds: 3600 });
    const response = await postRaw(banned, channelId, "banned");
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("3600");
    expect([...response.headers.keys()].filter((name) => name.startsWith("x-ratelimit"))).toEqual([]);
    expect(await response.text()).toBe("error code: 1015");
    banned.setCloudflareBan(false);
    expect((await postRaw(banned, channelId, "after the ban")).status).toBe(200);
    expect(banned.messages(channelId).map((message) => message.content)).toEqual(["after the ban"]);
  });

  it("bans the address by itself once invalid answers reach the limit within its window, until the ban ends", async () => {
    const clock = new ManualClock();
    const { fake: target, channelIds } = await startFake({
      rateLimitClock: clock,
      invalidRequestLimit: { count: 4, windowMs: 10_000, banMs: 60_000 },
    });
    const [channelId = ""] = channelIds;
    const postWithToken = (token: string) =>
      fetch(`${target.apiUrl}/v10/channels/${channelId}/messages`, {
        method: "POST",
        headers: { authorization: `Bot ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ content: "hi" }),
      });
    // Three 401s, then a fourth once they left the window: no ban yet.
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect((await postWithToken("not-the-token")).status).toBe(401);
    clock.advance(10_000);
    expect((await postWithToken("not-the-token")).status).toBe(401);
    expect((await postRaw(target, channelId, "still allowed")).status).toBe(200);
    // A 403 is invalid too: three of them and the 401 still in the window reach the limit.
    target.denyChannelAccess(channelId, "missing-access");
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect((await postRaw(target, channelId, "refused")).status).toBe(403);
    expect(target.stats.invalidRequests).toBe(7);
    const banned = await postRaw(target, channelIds[1]!, "banned");
    expect(banned.status).toBe(429);
    expect(banned.headers.get("retry-after")).toBe("60");
    expect(await banned.text()).toBe("error code: 1015");
    // Cloudflare's answers are not Discord's: they count towards nothing.
    expect(target.stats.invalidRequests).toBe(7);
    clock.advance(59_000);
    expect((await postRaw(target, channelIds[1]!, "banned still")).headers.get("retry-after")).toBe("1");
    clock.advance(1000);
    expect((await postRaw(target, channelIds[1]!, "after the ban")).status).toBe(200);
    expect(target.messages(channelIds[1]!).map((message) => message.content)).toEqual(["after the ban"]);
    // Another ban the limit begins is lifted as a ban set by hand is.
    for (let attempt = 0; attempt < 4; attempt += 1)
      expect((await postRaw(target, channelId, "refused")).status).toBe(403);
    expect((await postRaw(target, channelIds[1]!, "banned again")).status).toBe(429);
    target.setCloudflareBan(false);
    expect((await postRaw(target, channelIds[1]!, "lifted")).status).toBe(200);
  });

  it("answers a global 429 with retry_after to every request past the per-second limit, across routes", async () => {
    const clock = new ManualClock();
    const { fake: target, channelIds } = await startFake({
      rateLimitClock: clock,
      globalRateLimit: { perSecond: 10 },
    });
    const responses = await Promise.all(channelIds.slice(0, 25).map((id) => postRaw(target, id, "hi")));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(10);
    const limited = responses.filter((response) => response.status === 429);
    expect(limited).toHaveLength(15);
    for (const response of limited) {
      expect(response.headers.get("x-ratelimit-global")).toBe("true");
      expect(response.headers.get("x-ratelimit-scope")).toBe("global");
      expect(await response.json()).toMatchObject({ retry_after: 1, global: true });
    }

    clock.advance(400);
    const stillLimited = await postRaw(target, channelIds[30]!, "too soon");
    expect(await stillLimited.json()).toMatchObject({ retry_after: 0.6, global: true });
    clock.advance(600);
    expect((await postRaw(target, channelIds[31]!, "next second")).status).toBe(200);
    expect(target.stats.globalRateLimited).toBe(16);
    expect(target.stats.channelMessagesCreated).toBe(11);
  });

  it("lets @discordjs/rest send 30 messages to one channel without a single 429", async () => {
    const { fake: target, channelIds } = await startFake({
      routeLimits: { "POST /channels/:channelId/messages": { limit: 5, windowMs: 250 } },
    });
    const rest = new REST({ api: target.apiUrl }).setToken(target.botToken);
    await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        rest.post(Routes.channelMessages(channelIds[0]!), { body: { content: `update ${index}` } }),
      ),
    );
    expect(target.messages(channelIds[0]!)).toHaveLength(30);
    expect(target.stats.rateLimited).toBe(0);
  });

  it("lets @discordjs/rest through the global limit: every message lands once, any 429 a global one it waits out", async () => {
    const { fake: target, channelIds } = await startFake({ globalRateLimit: { perSecond: 20 } });
    const rest = new REST({ api: target.apiUrl, globalRequestsPerSecond: 18 }).setToken(target.botToken);
    await Promise.all(
      channelIds.map((channelId) =>
        rest.post(Routes.channelMessages(channelId), { body: { content: "fan-out" } }),
      ),
    );
    expect(channelIds.map((channelId) => target.messages(channelId).length)).toEqual(channelIds.map(() => 1));
    // How many 429s the client meets depends on how its 1 s windows (from when it sends) fall against the
    // fake's (from when it receives), so on the machine's speed: only what each one was is checked here.
    // Zero 429s over a long fan-out is measured by bench/fan-out.ts.
    const { stats } = target;
    expect(stats.rateLimited).toBe(stats.globalRateLimited);
    expect(stats.requests).toBe(channelIds.length + stats.rateLimited);
  });
});
