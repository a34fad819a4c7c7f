// A stop (docs/operations.md, "5. Start it"; docs/architecture.md, "Running"): the bot takes no new
// interaction from the moment it stops, and so ends its gateway sessions then, before it waits for its
// workers' work in flight, up to 20 s. Before, the sessions stayed open while the workers drained: Discord
// kept sending this instance interactions it no longer handled, which members saw fail, where a closed
// session has Discord send them to the instance that takes its shards. The real bot against the fake
// Discord, a post's answer held so the outbox is still busy.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSubscription } from "../../src/store/subscriptions.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { announceTournament, operatorSecret } from "./support/operator-webhook.js";

describe("a stop while the outbox is sending", () => {
  let world: EndToEnd;

  beforeAll(async () => {
    world = await startEndToEnd({ env: { PLATFORM_WEBHOOK_SECRET: operatorSecret } });
  });
  afterAll(async () => {
    await world.close();
  });

  it("ends the gateway sessions before it waits for the post in flight", async () => {
    const channelId = world.discord.createChannel(world.guildId, { name: "cups" }).id;
    await createSubscription(world.bot.deps.db, {
      guildId: world.guildId,
      channelId,
      eventKinds: ["system.tournament_started"],
      filters: {},
      createdBy: world.members.admin.id,
      now: Date.now(),
    });
    expect(world.discord.gateway.liveSessions().length).toBeGreaterThan(0);
    const held = world.discord.holdResponses("POST", new RegExp(`^/channels/${channelId}/messages$`));
    await announceTournament(world.bot, "evt_stop_1", "Stopping Cup");
    await held.waitForCaught(1, 10_000);

    const state = { stopped: false };
    const stopping = world.bot.stop().finally(() => {
      state.stopped = true;
    });
    await expect.poll(() => world.discord.gateway.liveSessions().length, { timeout: 10_000 }).toBe(0);
    // Still waiting for the post's answer: the sessions ended first.
    expect(state.stopped).toBe(false);
    held.release();
    await stopping;
    expect(world.discord.messages(channelId)).toHaveLength(1);
  });
});
