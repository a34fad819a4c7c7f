// A server that removes the bot while one of its posts is on the way (docs/architecture.md, "When the bot
// leaves a server"): the post meets 403 Missing Access, but the removal already dropped the row, so the
// channel is left as it was and adding the bot back resumes it. A 403 while Discord cannot say whether the
// bot is still there closes nothing until it can.
import { REST } from "@discordjs/rest";
import { describe, expect, it } from "vitest";
import { findGuildRemoval, recordGuildRemoval } from "../../src/store/guild-removals.js";
import { findSubscription } from "../../src/store/subscriptions.js";
import { testDatabases } from "../store/databases.js";
import { useOutboxWorld } from "./support/outbox-world.js";

describe.each(testDatabases())("a removal during a post on $name", (database) => {
  const world = useOutboxWorld(database);

  it("leaves the channel's subscriptions active when the post in flight meets 403", async () => {
    const target = await world.subscribeChannel("battles");
    const row = await world.enqueuePost(target);
    // The GUILD_DELETE arrives while the post is on its way, before Discord answers it.
    const removedInFlight = new RemovedInFlightRest(world.createRest(), async () => {
      world.fake.removeBotFromGuild(world.guild.id);
      await recordGuildRemoval(world.db, { guildId: world.guild.id, now: world.clock.now() });
    });
    const worker = world.createWorker({ rest: removedInFlight });

    const [result] = await worker.runOnce();

    expect(result).toMatchObject({ id: row, outcome: "released", reason: expect.stringContaining("50001") });
    expect(
      await findSubscription(world.db, { guildId: world.guild.id, id: target.subscriptionId }),
    ).toMatchObject({ status: "active", statusReason: null });
    expect(await world.entry(row)).toMatchObject({
      status: "delivered",
      postedMessageId: null,
      lastError: "not sent: the bot was removed from the server",
    });
  });

  it("records a removal the bot had not heard of when a post meets 403, and leaves the channel as it was", async () => {
    const target = await world.subscribeChannel("battles");
    const other = await world.subscribeChannel("results");
    const row = await world.enqueuePost(target);
    const waiting = await world.enqueuePost(other);
    // With HTTP interactions no GUILD_DELETE comes: only the server list's check, minutes later, would say
    // so.
    world.fake.removeBotFromGuild(world.guild.id);
    const worker = world.createWorker({ concurrency: 1 });

    const results = await worker.runOnce();

    expect(results[0]).toMatchObject({
      id: row,
      outcome: "released",
      reason: expect.stringContaining("50001"),
    });
    expect(await findGuildRemoval(world.db, world.guild.id)).toMatchObject({ removedAt: world.clock.now() });
    for (const { subscriptionId } of [target, other]) {
      expect(await findSubscription(world.db, { guildId: world.guild.id, id: subscriptionId })).toMatchObject(
        {
          status: "active",
          statusReason: null,
        },
      );
    }
    for (const id of [row, waiting]) {
      expect(await world.entry(id)).toMatchObject({
        status: "delivered",
        lastError: "not sent: the bot was removed from the server",
      });
    }
    // One post was tried; the server's other rows were dropped with the removal, not sent.
    expect(world.fake.stats.channelMessagesCreated).toBe(0);
  });

  it("retries the post and leaves the channel open while Discord cannot say whether the bot is still in the server", async () => {
    const target = await world.subscribeChannel("battles");
    const row = await world.enqueuePost(target);
    world.fake.denyChannelAccess(target.channelId, "missing-access");
    // The read that tells a removal from a closed channel fails (here 503, as in an outage).
    world.fake.setRouteOutage("GET /guilds/:guildId", true);
    const worker = world.createWorker();

    const [first] = await worker.runOnce();

    expect(first).toMatchObject({
      id: row,
      outcome: "retry",
      reason: expect.stringContaining("Discord did not say whether the bot is still in the server"),
    });
    const waiting = await world.entry(row);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
    expect(await findGuildRemoval(world.db, world.guild.id)).toBeUndefined();
    expect(
      await findSubscription(world.db, { guildId: world.guild.id, id: target.subscriptionId }),
    ).toMatchObject({
      status: "active",
    });

    // Once Discord answers again, the next attempt finds the bot in the server and the channel closed to it.
    world.fake.setRouteOutage("GET /guilds/:guildId", false);
    world.clock.advance(waiting.nextAttemptAt - world.clock.now());
    await worker.runOnce();

    expect(await world.entry(row)).toMatchObject({ status: "dead" });
    expect(
      await findSubscription(world.db, { guildId: world.guild.id, id: target.subscriptionId }),
    ).toMatchObject({
      status: "paused",
    });
    expect(await findGuildRemoval(world.db, world.guild.id)).toBeUndefined();
  });
});

/** Runs `remove` as the first post sets off, then sends it: Discord answers as the server has the bot then. */
class RemovedInFlightRest extends REST {
  #removed = false;

  constructor(
    private readonly real: REST,
    private readonly remove: () => Promise<void>,
  ) {
    super();
  }

  override async post(...args: Parameters<REST["post"]>): Promise<unknown> {
    if (!this.#removed) {
      this.#removed = true;
      await this.remove();
    }
    return this.real.post(...args);
  }

  override get(...args: Parameters<REST["get"]>): Promise<unknown> {
    return this.real.get(...args);
  }
}
