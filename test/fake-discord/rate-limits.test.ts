import { REST } from "@discordjs/rest";
import { Routes } from "discord.js";
import { afterEach, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord, type FakeDiscordOptions } from "../../fake-discord/index.js";

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

  it("answers 429 with retry_after once a channel's bucket is used up", async () => {
    const { fake: target, channelIds } = await startFake({
      routeLimits: { "POST /channels/:channelId/messages": { limit: 5, windowMs: 60_000 } },
    });
    const channelId = channelIds[0]!;
    const responses = [];
    for (let index = 0; index < 6; index += 1)
      responses.push(await postRaw(target, channelId, `message ${index}`));
    expect(responses.slice(0, 5).map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(responses[0]!.headers.get("x-ratelimit-limit")).toBe("5");
    expect(responses[4]!.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(responses[4]!.headers.get("x-ratelimit-bucket")).toBe(
      responses[0]!.headers.get("x-ratelimit-bucket"),
    );
    const limited = responses[5]!;
    expect(limited.status).toBe(429);
    const body = (await limited.json()) as { retry_after: number; global: boolean };
    expect(body.global).toBe(false);
    expect(body.retry_after).toBeGreaterThan(0);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another channel is another bucket.
    expect((await postRaw(target, channelIds[1]!, "elsewhere")).status).toBe(200);
    expect(target.stats.rateLimited).toBe(1);
  });

  it("answers a global 429 past the per-second limit across routes", async () => {
    const { fake: target, channelIds } = await startFake({ globalRateLimit: { perSecond: 10 } });
    const statuses = [];
    for (const channelId of channelIds.slice(0, 11)) statuses.push(await postRaw(target, channelId, "hi"));
    const last = statuses[10]!;
    expect(last.status).toBe(429);
    expect(last.headers.get("x-ratelimit-global")).toBe("true");
    expect(last.headers.get("x-ratelimit-scope")).toBe("global");
    expect(((await last.json()) as { global: boolean }).global).toBe(true);
    expect(target.stats.globalRateLimited).toBe(1);
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

  it("lets @discordjs/rest pace itself under the global limit: every message lands once, hardly a 429", async () => {
    const { fake: target, channelIds } = await startFake({ globalRateLimit: { perSecond: 20 } });
    // A little headroom under the limit, and a first request before the burst (as a bot's login makes), so a
    // slow first connection on a busy machine does not skew the client's window against the server's.
    const rest = new REST({ api: target.apiUrl, globalRequestsPerSecond: 18 }).setToken(target.botToken);
    await rest.get(Routes.gatewayBot());
    target.resetStats();
    await Promise.all(
      channelIds.map((channelId) =>
        rest.post(Routes.channelMessages(channelId), { body: { content: "fan-out" } }),
      ),
    );
    expect(target.stats.channelMessagesCreated).toBe(40);
    // The client's 1 s windows start when it sends, the fake's when it receives; on a loaded machine they can
    // drift apart by a window edge's worth. Zero 429s over a long fan-out is measured by bench/fan-out.ts.
    expect(target.stats.rateLimited).toBeLessThanOrEqual(2);
  });
});
