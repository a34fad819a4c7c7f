// docs/architecture.md, "Growing past one machine" Gateway: the real bot with discord.js sharding inside the
// process (SHARD_COUNT), with "auto" resolved through the configured Discord API, and split over two
// instances sharing one database (SHARD_IDS). Guilds are placed on shards by Discord's formula, and every
// check reads what members see in the fake.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningBot } from "../../src/bot/build-bot.js";
import { shardForGuild } from "../../fake-discord/index.js";
import { testDatabases, type EmptyDatabase } from "../store/databases.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import {
  addGuild,
  arenaOf,
  identifiedShards,
  interactionsHandled,
  type Place,
  pressLinkButton,
  readyStatus,
  subscribe,
  waitForAnnouncement,
} from "./support/shard-places.js";
import { announceTournament, operatorSecret } from "./support/operator-webhook.js";
import { waitUntil } from "./support/wait-until.js";

describe("one bot running SHARD_COUNT=2", () => {
  let world: EndToEnd;
  let places: Place[];

  beforeAll(async () => {
    world = await startEndToEnd({
      env: { SHARD_COUNT: "2", PLATFORM_WEBHOOK_SECRET: operatorSecret },
      guildShard: [0, 2],
    });
    places = [arenaOf(world), await addGuild(world, [1, 2], world.bot)];
  });
  afterAll(async () => {
    await world.close();
  });

  it("identifies both shards, with one guild on each", async () => {
    expect(identifiedShards(world)).toEqual(["0/2", "1/2"]);
    expect(world.discord.gateway.stats.identifies).toBe(2);
    expect(places.map((place) => shardForGuild(place.guildId, 2))).toEqual([0, 1]);
    expect(await readyStatus(world.bot)).toBe(200);
  });

  it("answers a slash command and a button in a guild on each shard", async () => {
    for (const place of places) {
      const subscribed = await subscribe(world, place);
      expect(subscribed.content + JSON.stringify(subscribed.embeds)).toContain(place.announcementsId);
      const form = JSON.stringify(await pressLinkButton(world, place));
      expect(form).toContain('"custom_id":"link-key"');
    }
  });

  it("announces a webhook event into the subscribed channels of guilds on both shards, once each", async () => {
    await announceTournament(world.bot, "evt_sharded_cup", "Sharded Cup");
    for (const place of places) {
      expect(await waitForAnnouncement(world, place, "Sharded Cup")).toHaveLength(1);
    }
  });
});

describe("one bot running SHARD_COUNT=auto", () => {
  let world: EndToEnd;

  beforeAll(async () => {
    world = await startEndToEnd({
      env: { SHARD_COUNT: "auto" },
      discord: { recommendedShards: 2 },
      guildShard: [1, 2],
    });
  });
  afterAll(async () => {
    await world.close();
  });

  it("runs the shard count the configured Discord API recommends", async () => {
    expect(world.discord.stats.requestsByRoute.get("GET /gateway/bot")).toBeGreaterThan(0);
    expect(identifiedShards(world)).toEqual(["0/2", "1/2"]);
    expect(world.discord.gateway.stats.identifies).toBe(2);
    expect(await readyStatus(world.bot)).toBe(200);
  });

  it("answers in a guild on the second shard", async () => {
    const form = JSON.stringify(await pressLinkButton(world, arenaOf(world)));
    expect(form).toContain('"custom_id":"link-key"');
  });
});

describe("readiness of a bot running SHARD_COUNT=2", () => {
  let world: EndToEnd;

  beforeAll(async () => {
    world = await startEndToEnd({
      env: { SHARD_COUNT: "2" },
      discord: { maxGuildsPerSession: 2 },
      guildShard: [0, 2],
    });
  });
  afterAll(async () => {
    await world.close();
  });

  it("turns not ready when one of its shards is refused by Discord, though the other is connected", async () => {
    expect(await readyStatus(world.bot)).toBe(200);
    // Shard 1 grows past the fake's limit; on its next IDENTIFY it is closed with 4011 Sharding required.
    for (let index = 0; index < 3; index += 1)
      world.discord.createGuild({ name: `Crowd ${index}`, shard: [1, 2] });
    world.discord.gateway.invalidateSessions();
    // discord.js waits out its 5 s identify window before shard 1 tries again, then logs the refusal.
    await waitUntil(
      () =>
        world.discord.gateway.stats.refusedShards === 1 &&
        identifiedShards(world).join() === "0/2" &&
        world.logs().includes("Sharding is required") &&
        world.logs().includes("closed by Discord for good"),
      { timeoutMs: 15_000, what: "shard 0 to identify again and shard 1 to be refused" },
    );
    expect(world.logs()).toMatch(/"shardId":1,"code":4011,"msg":"gateway shard closed by Discord for good/);
    await waitUntil(async () => (await readyStatus(world.bot)) === 503, {
      timeoutMs: 5000,
      what: "/readyz to answer 503",
    });
    // Shard 0 still answers in its guild: only readiness, not the instance, is down.
    const form = JSON.stringify(await pressLinkButton(world, arenaOf(world)));
    expect(form).toContain('"custom_id":"link-key"');
  });
});

const sharedDatabase = testDatabases()
  .filter((database) => database.shared)
  .at(-1);

describe(`two instances, SHARD_IDS=0 and SHARD_IDS=1 of SHARD_COUNT=2, on one ${sharedDatabase?.name ?? "?"} database`, () => {
  let database: EmptyDatabase;
  let world: EndToEnd;
  let second: RunningBot;
  let places: Place[];

  beforeAll(async () => {
    if (sharedDatabase === undefined) throw new Error("no database two instances can share");
    database = await sharedDatabase.createEmpty();
    world = await startEndToEnd({
      env: {
        SHARD_COUNT: "2",
        SHARD_IDS: "0",
        DATABASE_URL: database.url,
        PLATFORM_WEBHOOK_SECRET: operatorSecret,
      },
      guildShard: [0, 2],
    });
    second = await world.startAnotherBot({ SHARD_IDS: "1" });
    places = [arenaOf(world), await addGuild(world, [1, 2], second)];
  });
  afterAll(async () => {
    await world.close();
    await database.dispose();
  });

  it("has each instance identify only its own shard", async () => {
    expect(identifiedShards(world)).toEqual(["0/2", "1/2"]);
    // Two sessions in all: an instance that ignored SHARD_IDS would have identified both shards.
    expect(world.discord.gateway.stats.identifies).toBe(2);
    expect(await readyStatus(world.bot)).toBe(200);
    expect(await readyStatus(second)).toBe(200);
  });

  it("answers each guild's interactions exactly once, by the instance that owns its shard", async () => {
    const owners = [world.bot, second];
    for (const [shard, place] of places.entries()) {
      const before = await Promise.all(owners.map(interactionsHandled));
      const subscribed = await subscribe(world, place);
      expect(subscribed.content + JSON.stringify(subscribed.embeds)).toContain(place.announcementsId);
      expect(JSON.stringify(await pressLinkButton(world, place))).toContain('"custom_id":"link-key"');
      // /subscribe, /link and the button: three interactions, all handled by the shard's owner. Its count
      // is taken once the last one finished (it is recorded just after the answer goes out).
      await waitUntil(async () => (await interactionsHandled(owners[shard]!)) >= (before[shard] ?? 0) + 3, {
        timeoutMs: 5000,
        what: `instance ${shard} to finish three interactions`,
      });
      const after = await Promise.all(owners.map(interactionsHandled));
      expect(after.map((count, index) => count - (before[index] ?? 0))).toEqual(
        owners.map((_, index) => (index === shard ? 3 : 0)),
      );
    }
    const answered = world.discord.interactions().filter((record) => record.callback !== null);
    expect(answered.every((record) => record.lateCallbacks === 0 && record.delivery === "gateway")).toBe(
      true,
    );
  });

  it("posts an event received by either instance once into each guild", async () => {
    await announceTournament(second, "evt_split_cup", "Split Cup");
    for (const place of places) {
      expect(await waitForAnnouncement(world, place, "Split Cup")).toHaveLength(1);
    }
  });
});
