import { describe, expect, it } from "vitest";
import { maxRateLimitWaitMs } from "../../src/discord/bot-rest-options.js";
import { openBotRestClients } from "../support/bot-rest-clients.js";
import { useOutboxWorld } from "./support/outbox-world.js";

// @discordjs/rest waits out a short 429 itself; these cover the case it hands one back (rejectOnRateLimit).
describe("a rate limit @discordjs/rest hands back", () => {
  const world = useOutboxWorld(undefined, {
    fake: { routeLimits: { "POST /channels/:channelId/messages": { limit: 1, windowMs: 60_000 } } },
    rest: { rejectOnRateLimit: ["/channels"] },
  });

  it("reschedules the row after Discord's retry_after without counting an attempt", async () => {
    const target = await world.subscribeChannel("battles");
    const first = await world.enqueuePost(target);
    const second = await world.enqueuePost(target);

    const results = await world.createWorker().runOnce();

    expect(results.map((result) => result.outcome)).toEqual(["delivered", "rate-limited"]);
    const waiting = await world.entry(second);
    expect(waiting).toMatchObject({ status: "pending", attempts: 0, leaseOwner: null });
    // The bucket's 60 s window, less the time already spent, plus @discordjs/rest's offset.
    expect(waiting.nextAttemptAt - world.clock.now()).toBeGreaterThan(55_000);
    expect(waiting.nextAttemptAt - world.clock.now()).toBeLessThanOrEqual(60_050);
    expect(await world.entry(first)).toMatchObject({ status: "delivered" });
    expect(world.contents(target.channelId)).toHaveLength(1);
  });
});

describe("a rate limit longer than the bot's own client sits out", () => {
  const windowMs = 6 * maxRateLimitWaitMs;
  const world = useOutboxWorld(undefined, {
    fake: { routeLimits: { "POST /channels/:channelId/messages": { limit: 1, windowMs } } },
  });

  it("frees the row at once, due when the limit ends, rather than holding it past its lease", async () => {
    const clients = openBotRestClients(
      { api: world.fake.apiUrl, globalRequestsPerSecond: 50, timeout: undefined },
      world.fake.botToken,
    );
    try {
      const target = await world.subscribeChannel("battles");
      await world.enqueuePost(target);
      const second = await world.enqueuePost(target);

      const results = await world.createWorker({ rest: clients.rest }).runOnce();

      expect(results.map((result) => result.outcome)).toEqual(["delivered", "rate-limited"]);
      const waiting = await world.entry(second);
      expect(waiting).toMatchObject({ status: "pending", attempts: 0, leaseOwner: null });
      // Refused before it was sent: the detail names the limit and the wait, not a 429 Discord did not send.
      expect(waiting.lastError).toMatch(/^rate limited \(user\), \d+ s to wait$/);
      expect(waiting.nextAttemptAt - world.clock.now()).toBeGreaterThan(windowMs - 5000);
      expect(world.contents(target.channelId)).toHaveLength(1);
    } finally {
      clients.close();
    }
  });
});

describe("a 429 Discord answered", () => {
  const world = useOutboxWorld(undefined, {
    fake: { globalRateLimit: { perSecond: 1 } },
    rest: { rejectOnRateLimit: ["/channels"], globalRequestsPerSecond: 100 },
  });

  it("is a wait, not a failed attempt", async () => {
    const one = await world.subscribeChannel("one");
    const two = await world.subscribeChannel("two");
    const ids = [await world.enqueuePost(one), await world.enqueuePost(two)];

    const results = await world.createWorker().runOnce();

    expect(results.map((result) => result.outcome).sort()).toEqual(["delivered", "rate-limited"]);
    expect(world.fake.stats.globalRateLimited).toBe(1);
    const entries = await Promise.all(ids.map((id) => world.entry(id)));
    const waiting = entries.find((entry) => entry.status === "pending");
    expect(waiting).toMatchObject({
      attempts: 0,
      lastError: expect.stringMatching(/^rate limited \(global\), \d+ s to wait$/),
    });
    expect(waiting?.nextAttemptAt).toBeGreaterThan(world.clock.now());
  });
});
