// The outbox on the production path, over the gateway client's REST: Discord's refusals are read for what they
// are (docs/architecture.md, "Posting"), so a deleted channel's subscription is disabled rather than retried
// forever.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSubscription, findSubscription } from "../../src/store/subscriptions.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { announceTournament, operatorSecret } from "./support/operator-webhook.js";
import { waitUntil } from "./support/wait-until.js";

describe("announcements meeting Discord's errors, end to end", () => {
  let world: EndToEnd;

  beforeAll(async () => {
    world = await startEndToEnd({ env: { PLATFORM_WEBHOOK_SECRET: operatorSecret } });
  });
  afterAll(async () => {
    await world.close();
  });

  const subscribe = (channelId: string) =>
    createSubscription(world.bot.deps.db, {
      guildId: world.guildId,
      channelId,
      eventKinds: ["system.tournament_started"],
      filters: {},
      createdBy: world.members.admin.id,
      now: Date.now(),
    });

  it("disables the subscription of a channel Discord says is gone, and still posts to the others", async () => {
    const gone = world.discord.createChannel(world.guildId, { name: "old-news" }).id;
    const kept = world.discord.createChannel(world.guildId, { name: "news" }).id;
    const goneSubscription = await subscribe(gone);
    await subscribe(kept);
    world.discord.deleteChannel(gone);

    await announceTournament(world.bot, "evt_errors_1", "Deleted Channel Cup");

    await waitUntil(
      async () =>
        (await findSubscription(world.bot.deps.db, { guildId: world.guildId, id: goneSubscription.id }))
          ?.status === "disabled",
      { timeoutMs: 10_000, what: "the deleted channel's subscription to be disabled" },
    );
    // The kept channel's post goes out in a lane of its own, beside the gone channel's 404: waited for too.
    await world.discord.waitForMessage(
      kept,
      (message) => message.embeds[0]?.title?.includes("Deleted Channel Cup") === true,
      10_000,
    );
    const posted = world.discord.messages(kept);
    expect(posted.map((message) => message.embeds[0]?.title)).toEqual([
      expect.stringContaining("Deleted Channel Cup"),
    ]);
  });
});
