// docs/architecture.md, "Growing past one machine": the shared proxy paces every instance's bot-token REST to
// one global limit, and the instances behind it send without pacing themselves.
import type { ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { RateLimitError, REST } from "@discordjs/rest";
import { Routes } from "discord-api-types/v10";
import { afterEach, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord, type FakeDiscordOptions } from "../../fake-discord/index.js";
import { ManualClock } from "../../src/clock.js";
import { maxRateLimitWaitMs, readBotRestOptions } from "../../src/discord/bot-rest-options.js";
import { createDiscordRestProxy } from "../../src/discord/discord-rest-proxy.js";
import { createLogger } from "../../src/logger.js";
import { openBotRestClients } from "../support/bot-rest-clients.js";

describe("the shared Discord REST proxy", () => {
  const cleanups: (() => Promise<unknown>)[] = [];

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function start(options: {
    readonly fakeLimit: number;
    readonly proxyLimit: number;
    readonly rateLimitClock?: ManualClock;
    readonly routeLimits?: FakeDiscordOptions["routeLimits"];
  }) {
    const fake = await createFakeDiscord({
      globalRateLimit: { perSecond: options.fakeLimit },
      ...(options.rateLimitClock === undefined ? {} : { rateLimitClock: options.rateLimitClock }),
      ...(options.routeLimits === undefined ? {} : { routeLimits: options.routeLimits }),
    });
    cleanups.push(() => fake.close());
    const proxy = createDiscordRestProxy({
      token: fake.botToken,
      upstreamApiUrl: fake.apiUrl,
      globalRequestsPerSecond: options.proxyLimit,
      logger: createLogger({ level: "silent" }),
    });
    await new Promise<void>((resolve) => proxy.server.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => proxy.close());
    const { port } = proxy.server.address() as AddressInfo;
    const proxyUrl = `http://127.0.0.1:${port}`;
    const guildId = fake.createGuild({ name: "Arena" }).id;
    return { fake, proxy, proxyUrl, guildId };
  }

  /** A client set up as the bot's own behind the proxy (DISCORD_REST_PROXY_URL). */
  function botRestBehind(proxyUrl: string, fake: FakeDiscord): REST {
    const options = readBotRestOptions({
      apiUrl: fake.apiUrl,
      restProxyUrl: proxyUrl,
      globalRequestsPerSecond: 50,
    });
    const rest = new REST({
      api: options.api!,
      globalRequestsPerSecond: options.globalRequestsPerSecond,
      ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
    }).setToken(fake.botToken);
    cleanups.push(() => {
      rest.clearHashSweeper();
      rest.clearHandlerSweeper();
      return Promise.resolve();
    });
    return rest;
  }

  /** The bot's shared client as the bot builds it behind the proxy (createBotRestClients), its bounds included. */
  function botsSharedClientBehind(proxyUrl: string, fake: FakeDiscord): REST {
    const clients = openBotRestClients(
      readBotRestOptions({ apiUrl: fake.apiUrl, restProxyUrl: proxyUrl, globalRequestsPerSecond: 50 }),
      fake.botToken,
    );
    cleanups.push(() => {
      clients.close();
      return Promise.resolve();
    });
    return clients.rest;
  }

  it("sends the bot's requests to Discord, files included, and answers without rate-limit headers", async () => {
    const { fake, proxyUrl, guildId } = await start({ fakeLimit: 50, proxyLimit: 50 });
    const channelId = fake.createChannel(guildId, { name: "announcements" }).id;
    const rest = botRestBehind(proxyUrl, fake);
    expect(await rest.get(Routes.gatewayBot())).toMatchObject({ url: expect.any(String) });
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    await rest.post(Routes.channelMessages(channelId), {
      body: { content: "Rating chart", nonce: "row-1", enforce_nonce: true, attachments: [{ id: 0 }] },
      files: [{ name: "chart.png", data: png, contentType: "image/png" }],
    });
    const [message] = fake.messages(channelId);
    expect(message?.content).toBe("Rating chart");
    expect(message?.attachments[0]?.data.equals(png)).toBe(true);

    const raw = await fetch(`${proxyUrl}/api/v10/channels/${channelId}/messages`, {
      method: "POST",
      headers: { authorization: `Bot ${fake.botToken}`, "content-type": "application/json" },
      body: JSON.stringify({ content: "second" }),
    });
    expect(raw.status).toBe(200);
    // The proxy keeps the buckets: a client behind it has nothing to pace a second time.
    expect([...raw.headers.keys()].filter((name) => name.startsWith("x-ratelimit"))).toEqual([]);
    expect(fake.messages(channelId).map((each) => each.content)).toEqual(["Rating chart", "second"]);
  });

  it("refuses a request made with another token, and sends nothing to Discord", async () => {
    const { fake, proxyUrl, guildId } = await start({ fakeLimit: 50, proxyLimit: 50 });
    const channelId = fake.createChannel(guildId, { name: "announcements" }).id;
    fake.resetStats();
    for (const authorization of ["Bot someone-elses-token", undefined]) {
      const response = await fetch(`${proxyUrl}/api/v10/channels/${channelId}/messages`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(authorization === undefined ? {} : { authorization }),
        },
        body: JSON.stringify({ content: "not mine" }),
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "401: Unauthorized", code: 0 });
    }
    expect(fake.stats.requests).toBe(0);
    expect(fake.messages(channelId)).toEqual([]);
  });

  it("holds two clients that do not pace themselves to one global limit, without a 429", async () => {
    // Headroom under the fake's limit, as an operator leaves it: the proxy's 1 s windows start when it sends,
    // the fake's when it receives. Half the fake's limit, so that on a machine slow enough to deliver two of
    // the proxy's windows within one of the fake's, they still fit.
    const { fake, proxyUrl, guildId } = await start({ fakeLimit: 20, proxyLimit: 10 });
    const channelIds = Array.from(
      { length: 30 },
      (_, index) => fake.createChannel(guildId, { name: `c${index}` }).id,
    );
    const [first, second] = [botRestBehind(proxyUrl, fake), botRestBehind(proxyUrl, fake)];
    await first.get(Routes.gatewayBot());
    fake.resetStats();
    const startedAt = performance.now();
    await Promise.all(
      channelIds.map((channelId, index) =>
        (index % 2 === 0 ? first : second).post(Routes.channelMessages(channelId), {
          body: { content: "fan-out" },
        }),
      ),
    );
    const seconds = (performance.now() - startedAt) / 1000;
    expect(fake.stats.channelMessagesCreated).toBe(30);
    expect(fake.stats.rateLimited).toBe(0);
    // 30 requests at 10 a second: two full windows at least.
    expect(seconds).toBeGreaterThan(1.9);
  });

  it("sends a request Discord answered 429 again whole, body included", async () => {
    // The fake's window is held on a manual clock, so the post surely meets a 429 however slow the machine.
    const clock = new ManualClock();
    const { fake, proxyUrl, guildId } = await start({ fakeLimit: 1, proxyLimit: 50, rateLimitClock: clock });
    const channelId = fake.createChannel(guildId, { name: "announcements" }).id;
    const spent = await fetch(`${fake.apiUrl}/v10/gateway/bot`, {
      headers: { authorization: `Bot ${fake.botToken}` },
    });
    expect(spent.status).toBe(200);
    const posting = fetch(`${proxyUrl}/api/v10/channels/${channelId}/messages`, {
      method: "POST",
      headers: { authorization: `Bot ${fake.botToken}`, "content-type": "application/json" },
      body: JSON.stringify({ content: "after a 429", nonce: "row-1", enforce_nonce: true }),
    });
    await expect.poll(() => fake.stats.globalRateLimited, { timeout: 20_000 }).toBe(1);
    clock.advance(1000);
    const response = await posting;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { content: string }).content).toBe("after a 429");
    expect(fake.messages(channelId).map((message) => message.content)).toEqual(["after a 429"]);
    expect(fake.stats.rejectedMessages).toBe(0);
  });

  it("passes on a rate limit longer than the bot sits out, which the bot's client refuses at once", async () => {
    const windowMs = 4 * maxRateLimitWaitMs;
    const { fake, proxyUrl, guildId } = await start({
      fakeLimit: 50,
      proxyLimit: 50,
      routeLimits: { "POST /channels/:channelId/messages": { limit: 1, windowMs } },
    });
    const channelId = fake.createChannel(guildId, { name: "announcements" }).id;
    const rest = botsSharedClientBehind(proxyUrl, fake);
    const post = (content: string) => rest.post(Routes.channelMessages(channelId), { body: { content } });
    await expect(post("first")).resolves.toMatchObject({ content: "first" });

    const refused = await post("second").catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(RateLimitError);
    expect((refused as RateLimitError).retryAfter).toBeGreaterThan(maxRateLimitWaitMs);
    expect(fake.messages(channelId).map((message) => message.content)).toEqual(["first"]);
  });

  it("passes on Cloudflare's ban with its own wait, which the bot's client refuses at once", async () => {
    const { fake, proxyUrl, guildId } = await start({ fakeLimit: 50, proxyLimit: 50 });
    const channelId = fake.createChannel(guildId, { name: "announcements" }).id;
    const rest = botsSharedClientBehind(proxyUrl, fake);
    fake.setCloudflareBan({ retryAfterSeconds: 3600 });
    fake.resetStats();

    const refused = await rest
      .post(Routes.channelMessages(channelId), { body: { content: "banned" } })
      .catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(RateLimitError);
    // The ban's hour, not the bucket's reset the proxy's client would otherwise have given.
    expect((refused as RateLimitError).retryAfter).toBeGreaterThanOrEqual(3600 * 1000);
    expect(fake.stats.requests).toBe(1);
    expect(fake.messages(channelId)).toEqual([]);
  });

  it("never sends a request whose caller gave up while it waited its turn", async () => {
    // A caller behind the proxy that stops waiting (the bot's client times out after 60 s) sends the request
    // again; the one it left must not follow it to Discord, or a create without a nonce (a role, a scheduled
    // event) is made twice. The window is held on a manual clock, so the first request waits however slow the
    // machine is.
    const clock = new ManualClock();
    const { fake, proxy, proxyUrl, guildId } = await start({
      fakeLimit: 1,
      proxyLimit: 50,
      rateLimitClock: clock,
    });
    const channelId = fake.createChannel(guildId, { name: "announcements" }).id;
    const spent = await fetch(`${fake.apiUrl}/v10/gateway/bot`, {
      headers: { authorization: `Bot ${fake.botToken}` },
    });
    expect(spent.status).toBe(200);
    // Closed at the proxy once the caller has gone: the proxy's own listeners have run by then.
    const leftAtProxy = new Promise<void>((resolve) => {
      proxy.server.once("request", (_request, response: ServerResponse) => {
        response.once("close", () => {
          resolve();
        });
      });
    });
    const post = (content: string, signal?: AbortSignal) =>
      fetch(`${proxyUrl}/api/v10/channels/${channelId}/messages`, {
        method: "POST",
        headers: { authorization: `Bot ${fake.botToken}`, "content-type": "application/json" },
        body: JSON.stringify({ content }),
        ...(signal === undefined ? {} : { signal }),
      });
    const caller = new AbortController();
    const abandoned = post("abandoned", caller.signal).catch(() => "aborted");
    await expect.poll(() => fake.stats.globalRateLimited, { timeout: 20_000 }).toBeGreaterThan(0);
    caller.abort();
    expect(await abandoned).toBe("aborted");
    await leftAtProxy;
    // The next post of the channel waits behind the abandoned one in the proxy's queue for the channel.
    const next = post("sent again");
    await expect
      .poll(
        () => {
          clock.advance(1000);
          return fake.messages(channelId).map((message) => message.content);
        },
        { timeout: 30_000 },
      )
      .toContain("sent again");
    expect((await next).status).toBe(200);
    expect(fake.messages(channelId).map((message) => message.content)).toEqual(["sent again"]);
  });

  it("answers 502 when Discord cannot be reached, never an empty success", async () => {
    const { fake, proxyUrl, guildId } = await start({ fakeLimit: 50, proxyLimit: 50 });
    const channelId = fake.createChannel(guildId, { name: "announcements" }).id;
    fake.setOutage("reset");
    const response = await fetch(`${proxyUrl}/api/v10/channels/${channelId}/messages`, {
      method: "POST",
      headers: { authorization: `Bot ${fake.botToken}`, "content-type": "application/json" },
      body: JSON.stringify({ content: "into the void" }),
    });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ message: "502: Discord unreachable", code: 0 });
    fake.setOutage(false);
  });

  it("answers 405 to a method Discord has none of, sending nothing", async () => {
    const { fake, proxyUrl } = await start({ fakeLimit: 50, proxyLimit: 50 });
    fake.resetStats();
    const response = await fetch(`${proxyUrl}/api/v10/gateway/bot`, {
      method: "OPTIONS",
      headers: { authorization: `Bot ${fake.botToken}` },
    });
    expect(response.status).toBe(405);
    expect(fake.stats.requests).toBe(0);
  });
});
