// A member's command meeting a Discord rate limit longer than the bot's REST clients sit out
// (src/discord/bot-rest-options.ts, `maxRateLimitWaitMs`): the read is refused unsent, and the member is told
// when to try again rather than left waiting or shown "Something went wrong" with a reference.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEndToEnd, type EndToEnd } from "./harness.js";

describe("a command under a long Discord rate limit", () => {
  let world: EndToEnd;

  beforeAll(async () => {
    // `/subscribe` naming another channel reads the server over REST: one read a window of ten minutes.
    world = await startEndToEnd({
      discord: { routeLimits: { "GET /guilds/:guildId": { limit: 1, windowMs: 10 * 60_000 } } },
    });
  }, 60_000);
  afterAll(async () => {
    await world.close();
  });

  const subscribe = (channel: string) =>
    world.runAsAdmin("subscribe", { channel, events: "battle.completed" });

  it("tells the member Discord is limiting the bot and when to try again", async () => {
    const first = world.discord.createChannel(world.guildId, { name: "results" }).id;
    const second = world.discord.createChannel(world.guildId, { name: "contests" }).id;
    expect((await subscribe(first)).content).not.toMatch(/Discord is limiting/);

    const startedAt = Date.now();
    const answer = await subscribe(second);

    expect(answer.content).toMatch(
      /^Discord is limiting how fast the bot may act right now\. Try again <t:(\d+):R>\.$/,
    );
    const retryAt = Number(/<t:(\d+):R>/.exec(answer.content)?.[1]) * 1000;
    // About the window's rest: far past what the bot waits out.
    expect(retryAt - startedAt).toBeGreaterThan(5 * 60_000);
    expect(answer.content).not.toMatch(/Something went wrong/);
    const routes = await world.bot.deps.db.selectFrom("subscriptions").select("channel_id").execute();
    expect(routes.map((route) => route.channel_id)).toEqual([first]);
  }, 60_000);
});
