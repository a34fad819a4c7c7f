// A server that removes the bot (docs/architecture.md, "When the bot leaves a server"), end to end: the real
// bot and its gateway client against the fake Discord, the sandbox sending real maintenance events to the
// operator webhook. An outage is never a removal; a removal stops the server's posts at once; adding the bot
// back resumes everything; past GUILD_DATA_GRACE_DAYS the server's rows are purged, and no other server's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgeRemovedGuilds } from "../../src/bot/purge-removed-guilds.js";
import { ManualClock } from "../../src/clock.js";
import { saveAdminChannel } from "../../src/store/guild-settings.js";
import { findGuildRemoval } from "../../src/store/guild-removals.js";
import { createSubscription, listGuildSubscriptions } from "../../src/store/subscriptions.js";
import { countGuildRows, listEndpointIds, type GuildRowCounts } from "../store/support/guild-rows.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";
import { operatorSecret, sendOperatorEvent } from "./support/operator-webhook.js";

const day = 24 * 60 * 60 * 1000;

describe("a server that removes the bot, end to end", () => {
  const clock = new ManualClock(Date.now());
  let world: EndToEnd;
  let news: string;
  let elsewhereGuild: string;
  let elsewhereFeed: string;
  let seeded: GuildRowCounts;
  let elsewhereSeeded: GuildRowCounts;
  const at = () => ({ guildId: world.guildId, channelId: world.channelId, userId: world.members.admin.id });
  const purge = () =>
    purgeRemovedGuilds({
      db: world.bot.deps.db,
      secretBox: world.bot.deps.secretBox,
      clock,
      logger: world.bot.deps.logger,
      guildDataGraceMs: world.bot.deps.config.guildDataGraceMs,
      queueOAuthTokens: world.bot.deps.config.platform.oauth !== undefined,
    });
  const loggedLines = (text: string) =>
    world
      .logs()
      .split("\n")
      .filter((line) => line.includes(text));
  /** What the server set up, as opposed to the traffic (outbox, received events) that grows as events come. */
  const setUp = (counts: GuildRowCounts) => ({
    member_links: counts.member_links,
    oauth_states: counts.oauth_states,
    guild_settings: counts.guild_settings,
    subscriptions: counts.subscriptions,
    webhook_endpoints: counts.webhook_endpoints,
    webhook_retired_secrets: counts.webhook_retired_secrets,
    battle_cards: counts.battle_cards,
  });
  const shown = (channelId: string, text: string) =>
    world.discord.messages(channelId).filter((message) => JSON.stringify(message.embeds).includes(text));

  /** A maintenance the platform announces; resolves once the other server has it, so the event was routed. */
  let maintenanceCount = 0;
  // Sent straight to the bot, dated by the bot's clock: this test moves that clock by weeks, and the bot
  // drops an event older than its inbox remembers.
  async function announceMaintenance(message: string): Promise<void> {
    maintenanceCount += 1;
    const id = `evt_maintenance_${String(maintenanceCount)}`;
    await sendOperatorEvent(world.bot, {
      id,
      event: "system.maintenance_scheduled",
      created: new Date(clock.now()).toISOString(),
      data: {
        object: "maintenance",
        id: `mnt_${String(maintenanceCount)}`,
        starts_at: new Date(clock.now() + day).toISOString(),
        ends_at: new Date(clock.now() + day + 3_600_000).toISOString(),
        message,
      },
    });
    await world.discord.waitForMessage(
      elsewhereFeed,
      (posted) => JSON.stringify(posted.embeds).includes(message),
      15_000,
    );
    await world.bot.outbox.runOnce();
  }

  beforeAll(async () => {
    world = await startEndToEnd({
      env: { PLATFORM_WEBHOOK_SECRET: operatorSecret },
      startOptions: { clock },
    });
    const keys = world.sandbox.keys.filter((key) => key.level !== "read");
    // The server uses everything a server keeps: links, a subscription, an admin channel, its own webhook
    // with a rotated secret, and a battle card.
    await linkMember(world, world.members.admin.id, keys[0]?.key ?? "");
    await linkMember(world, world.members.alice.id, keys[1]?.key ?? "");
    news = world.discord.createChannel(world.guildId, { name: "news" }).id;
    await world.discord
      .runCommand({
        ...at(),
        name: "subscribe",
        options: { channel: news, events: "system.maintenance_scheduled" },
      })
      .waitForFinal();
    await world.discord
      .runCommand({
        ...at(),
        name: "setup",
        subcommand: "admin-channel",
        options: { channel: world.channelId },
      })
      .waitForFinal();
    for (const subcommand of ["register", "rotate-secret"]) {
      await world.discord
        .runCommand({ ...at(), name: "setup", subcommandGroup: "webhook", subcommand })
        .waitForFinal();
    }
    await world.discord
      .runCommand({
        ...at(),
        userId: world.members.alice.id,
        name: "battle",
        subcommand: "create",
        options: { difficulty: "easy", language: "python" },
      })
      .waitForFinal();

    // Another server, subscribed to the same events through the operator's webhook.
    const elsewhere = world.discord.createGuild({ name: "Elsewhere", channels: ["feed"] });
    elsewhereGuild = elsewhere.id;
    elsewhereFeed = [...elsewhere.channels.keys()][0] ?? "";
    await createSubscription(world.bot.deps.db, {
      guildId: elsewhereGuild,
      channelId: elsewhereFeed,
      eventKinds: ["system.maintenance_scheduled"],
      filters: {},
      createdBy: world.members.admin.id,
      now: clock.now(),
    });
    await saveAdminChannel(world.bot.deps.db, {
      guildId: elsewhereGuild,
      adminChannelId: elsewhereFeed,
      now: clock.now(),
    });
    const registered = await fetch(`${world.sandbox.url}/api/v1/webhooks`, {
      method: "POST",
      headers: { authorization: `Bearer ${keys[0]?.key ?? ""}`, "content-type": "application/json" },
      body: JSON.stringify({
        url: `${world.publicUrl}/webhooks/platform`,
        events: ["system.maintenance_scheduled"],
        secret: operatorSecret,
      }),
    });
    expect(registered.status).toBeLessThan(300);

    await announceMaintenance("Before anything happens");
    // The running worker may hold the row under its lease while runOnce passes it by.
    await world.discord.waitForMessage(
      news,
      (posted) => JSON.stringify(posted.embeds).includes("Before anything happens"),
      10_000,
    );
    expect(shown(news, "Before anything happens")).toHaveLength(1);
    seeded = await countGuildRows(world.bot.deps.db, world.guildId);
    elsewhereSeeded = await countGuildRows(world.bot.deps.db, elsewhereGuild);
    for (const table of [
      "member_links",
      "subscriptions",
      "guild_settings",
      "webhook_endpoints",
      "webhook_retired_secrets",
      "battle_cards",
      "outbox",
    ] as const) {
      expect(seeded[table], table).toBeGreaterThan(0);
    }
  }, 90_000);
  afterAll(async () => {
    await world.close();
  });

  it("treats a server's outage (GUILD_DELETE unavailable: true) as no removal", async () => {
    world.discord.setGuildOutage(world.guildId, true);
    await expect
      .poll(() => loggedLines("server unavailable").some((line) => line.includes(world.guildId)))
      .toBe(true);

    expect(await findGuildRemoval(world.bot.deps.db, world.guildId)).toBeUndefined();
    await announceMaintenance("During an outage");
    await expect.poll(() => shown(news, "During an outage").length, { timeout: 10_000 }).toBe(1);
    world.discord.setGuildOutage(world.guildId, false);
  }, 30_000);

  it("posts nothing more in a server once the bot is removed, and keeps its data", async () => {
    world.discord.removeBotFromGuild(world.guildId);
    await expect
      .poll(() => findGuildRemoval(world.bot.deps.db, world.guildId))
      .toEqual({ guildId: world.guildId, removedAt: clock.now() });

    await announceMaintenance("After the removal");

    expect(shown(news, "After the removal")).toEqual([]);
    // Nothing was even tried: a post would have met 403 Missing Access and paused the subscription.
    expect(
      (await listGuildSubscriptions(world.bot.deps.db, world.guildId)).map((each) => each.status),
    ).toEqual(["active"]);
    expect(setUp(await countGuildRows(world.bot.deps.db, world.guildId))).toEqual(setUp(seeded));
  }, 30_000);

  it("resumes everything when the bot is added back within the grace period", async () => {
    clock.advance(29 * day);
    expect(await purge()).toEqual([]);

    world.discord.addBotBackToGuild(world.guildId);
    await expect.poll(() => findGuildRemoval(world.bot.deps.db, world.guildId)).toBeUndefined();
    await announceMaintenance("Back again");

    await expect.poll(() => shown(news, "Back again").length, { timeout: 10_000 }).toBe(1);
    const back = await countGuildRows(world.bot.deps.db, world.guildId);
    expect(setUp(back)).toEqual(setUp(seeded));
    expect(back.guild_removals).toBe(0);
    expect(
      (await listGuildSubscriptions(world.bot.deps.db, world.guildId)).map((each) => each.status),
    ).toEqual(["active"]);
    clock.advance(30 * day);
    expect(await purge()).toEqual([]);
  }, 30_000);

  it("deletes every row of the server once removed longer than the grace period, and no other server's", async () => {
    const endpointIds = await listEndpointIds(world.bot.deps.db, world.guildId);
    expect(endpointIds).toHaveLength(1);
    world.discord.removeBotFromGuild(world.guildId);
    await expect.poll(() => findGuildRemoval(world.bot.deps.db, world.guildId)).toBeDefined();

    clock.advance(30 * day);
    expect(await purge()).toEqual([]);
    clock.advance(60 * 60 * 1000);
    expect(await purge()).toEqual([world.guildId]);

    const left = await countGuildRows(world.bot.deps.db, world.guildId, endpointIds);
    for (const [table, count] of Object.entries(left)) expect(count, table).toBe(0);
    const elsewhere = await countGuildRows(world.bot.deps.db, elsewhereGuild);
    expect(setUp(elsewhere)).toEqual(setUp(elsewhereSeeded));
    expect(elsewhere.outbox).toBeGreaterThan(elsewhereSeeded.outbox);
  }, 30_000);
});
