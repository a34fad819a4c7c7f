// The outbox renderer turns a queued outbox row into the message to post or the battle card to edit, from
// the event stored in the inbox and what the store knows of the guild; a dead or ignored event renders nothing.
import { beforeEach, describe, expect, it } from "vitest";
import { createOutboxRenderer } from "../../src/announcements/outbox-renderer.js";
import { systemClock } from "../../src/clock.js";
import { createLogger } from "../../src/logger.js";
import type { RenderOutboxEntry } from "../../src/outbox/outbox-result.js";
import { saveBattleCard } from "../../src/store/battle-cards.js";
import { insertInboxEvent, operatorSource } from "../../src/store/inbox.js";
import { recordMemberActivity } from "../../src/store/member-activity.js";
import { createWebhookEndpoint } from "../../src/store/webhook-endpoints.js";
import type { SecretBox } from "../../src/secrets/secret-box.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { createTestSecretBox } from "../store/secret-box-fixture.js";
import { createSandboxWorld, eventTime, userOf, type SandboxWorld } from "./support/events.js";
import { expectPingsExactly, expectWithinDiscordLimits } from "./support/message-checks.js";
import {
  aliceDiscordId,
  bobDiscordId,
  cardMessageId,
  channelId,
  createOutboxRowHelpers,
  creatorDiscordId,
  guildId,
  otherGuildId,
} from "./support/outbox-rows.js";

describe.each(testDatabases())("createOutboxRenderer on $name", (database) => {
  const store = useMigratedStore(database);
  let box: SecretBox;
  let world: SandboxWorld;
  let render: RenderOutboxEntry;

  beforeEach(() => {
    box = createTestSecretBox();
    world = createSandboxWorld();
    // Assigned to the worker's own type: the outbox worker can be given this renderer as it is.
    render = createOutboxRenderer({
      db: store.db,
      clock: systemClock,
      logger: createLogger({ level: "silent" }),
    });
  });

  const { storeEvent, queue, link, renderRow } = createOutboxRowHelpers({
    get db() {
      return store.db;
    },
    get box() {
      return box;
    },
    get render() {
      return render;
    },
  });

  it("posts a battle result that mentions and pings only the players linked in that guild", async () => {
    const [alice, bob] = [userOf(world, 0), userOf(world, 1)];
    await link(guildId, aliceDiscordId, alice);
    await link(otherGuildId, bobDiscordId, bob);
    const eventId = await storeEvent("battle.completed", world.data("battle.completed"), {
      id: "evt_result",
    });

    const message = await renderRow(await queue(eventId, "post"));

    expect(message.content).toBe(`<@${aliceDiscordId}>`);
    expectPingsExactly(message, [aliceDiscordId]);
    expect(message.embeds?.[0]?.description).toContain(`🥇 <@${aliceDiscordId}> — 100 pts`);
    expect(message.embeds?.[0]?.description).toContain(`🥈 ${bob.username} — 60 pts`);
    expectWithinDiscordLimits(message);
  });

  it("posts a leaderboard refresh as the guild's week as of the event, mentioning but pinging nobody", async () => {
    const [alice, bob] = [userOf(world, 0), userOf(world, 1)];
    await link(guildId, aliceDiscordId, alice);
    await link(otherGuildId, bobDiscordId, bob);
    const day = 86_400_000;
    const rating = (eventId: string, platformUserId: string, change: number, occurredAt: number) =>
      ({
        kind: "rating",
        eventId,
        platformUserId,
        occurredAt,
        ratingChange: change,
        newRating: 2000 + change,
        promotedTo: null,
      }) as const;
    await recordMemberActivity(store.db, {
      facts: [
        rating("evt_r1", alice.id, 30, eventTime - 2 * day),
        rating("evt_r2", alice.id, -5, eventTime - day),
        // Before the week, after the refresh, and another guild's member: none of them is this week's.
        rating("evt_r0", alice.id, 100, eventTime - 8 * day),
        rating("evt_r3", alice.id, 1000, eventTime + 1),
        rating("evt_r4", bob.id, 50, eventTime - day),
      ],
      guildId: undefined,
      now: eventTime,
    });
    const eventId = await storeEvent("system.leaderboard_updated", world.data("system.leaderboard_updated"), {
      id: "evt_weekly",
    });

    const message = await renderRow(await queue(eventId, "post"));

    expect(message.content).toBeUndefined();
    expect(message.allowed_mentions).toEqual({ parse: [], users: [] });
    const gains = message.embeds?.[0]?.fields?.find((field) => field.name === "📈 Biggest gains");
    expect(gains?.value).toBe(`<@${aliceDiscordId}> **+25** (now 1995)`);
    expectWithinDiscordLimits(message);
  });

  it("names the week's members by the username they linked with in a test delivery of the refresh", async () => {
    // docs/platform-assumptions.md, "Test deliveries": players named by platform username, nobody mentioned.
    const alice = userOf(world, 0);
    await link(guildId, aliceDiscordId, alice);
    await recordMemberActivity(store.db, {
      facts: [
        {
          kind: "rating",
          eventId: "evt_r1",
          platformUserId: alice.id,
          occurredAt: eventTime - 86_400_000,
          ratingChange: 30,
          newRating: 2030,
          promotedTo: null,
        },
      ],
      guildId: undefined,
      now: eventTime,
    });
    const eventId = await storeEvent(
      "system.leaderboard_updated",
      world.data("system.leaderboard_updated", { test: true }),
      { id: "evt_weekly_test" },
    );

    const message = await renderRow(await queue(eventId, "post"));

    const gains = message.embeds?.[0]?.fields?.find((field) => field.name === "📈 Biggest gains");
    expect(gains?.value).toBe(`${alice.username} **+30** (now 2030)`);
    expect(JSON.stringify(message)).not.toContain(alice.id);
    expect(message.allowed_mentions).toEqual({ parse: [], users: [], roles: [] });
  });

  it("posts a leaderboard refresh as a short line in a guild whose week was quiet", async () => {
    const eventId = await storeEvent("system.leaderboard_updated", world.data("system.leaderboard_updated"), {
      id: "evt_weekly",
    });
    const message = await renderRow(await queue(eventId, "post", otherGuildId));
    expect(message.embeds).toBeUndefined();
    expect(message.content).toMatch(/^📅 A quiet week/);
  });

  it("posts a tournament start with its Register button", async () => {
    const eventId = await storeEvent("system.tournament_started", world.data("system.tournament_started"), {
      id: "evt_trn",
    });
    const message = await renderRow(await queue(eventId, "post"));
    expect(JSON.stringify(message.components)).toContain('"custom_id":"tournament:register:trn_test"');
    expectPingsExactly(message, []);
  });

  it("edits the battle card with everything its events told, battle.created included", async () => {
    const alice = userOf(world, 0);
    await link(guildId, aliceDiscordId, alice);
    const cardSavedAt = eventTime;
    // battle.created arrives just before /battle create saves its card, so it has no edit row of its own.
    await storeEvent("battle.created", world.data("battle.created", { status: "waiting" }), {
      id: "evt_created",
      receivedAt: cardSavedAt - 500,
      created: cardSavedAt - 1000,
    });
    await saveBattleCard(store.db, {
      battleId: "bat_test",
      guildId,
      channelId,
      messageId: cardMessageId,
      createdBy: creatorDiscordId,
      now: cardSavedAt,
    });
    const startedData = world.data("battle.started", {
      participants: [{ user_id: alice.id, username: alice.username }],
    });
    const startedId = await storeEvent("battle.started", startedData, {
      id: "evt_started",
      receivedAt: cardSavedAt + 60_000,
      created: cardSavedAt + 60_000,
    });
    await queue(startedId, "edit");
    const submissionData = world.data("battle.submission", {
      user: { id: "usr_zed", username: "zed" },
      score: 40,
    });
    const submissionId = await storeEvent("battle.submission", submissionData, {
      id: "evt_submission",
      receivedAt: cardSavedAt + 120_000,
      created: cardSavedAt + 120_000,
    });

    const card = await renderRow(await queue(submissionId, "edit"));

    const embed = card.embeds?.[0];
    expect(embed?.title).toBe("⚔️ Two Sum");
    expect(embed?.description).toContain(`Created by <@${creatorDiscordId}>`);
    const fields = new Map(embed?.fields?.map((field) => [field.name, field.value]));
    expect(fields.get("Language")).toBe("Python");
    expect(fields.get("Status")).toMatch(/^🟢 Live — ends <t:\d+:R>$/);
    expect(fields.get("Players")).toBe(`**2/2** seats taken\n• <@${aliceDiscordId}>\n• zed — 40 pts`);
    expect(JSON.stringify(card.components)).toContain('"custom_id":"battle:submit:bat_test"');
    // A card edit never pings anyone.
    expect(card.content).toBeUndefined();
    expect(card.allowed_mentions?.parse).toEqual([]);
    expect(card.allowed_mentions?.users ?? []).toEqual([]);
  });

  it("takes in the battle.started that arrived just before an accepted challenge's card was saved", async () => {
    const alice = userOf(world, 0);
    await link(guildId, aliceDiscordId, alice);
    const cardSavedAt = eventTime;
    // Accepting seats both players, and the platform starts the battle, before the card is saved.
    const startedData = world.data("battle.started", {
      participants: [
        { user_id: alice.id, username: alice.username },
        { user_id: "usr_zed", username: "zed" },
      ],
    });
    await storeEvent("battle.started", startedData, {
      id: "evt_started_early",
      receivedAt: cardSavedAt - 200,
      created: cardSavedAt - 300,
    });
    await saveBattleCard(store.db, {
      battleId: "bat_test",
      guildId,
      channelId,
      messageId: cardMessageId,
      createdBy: creatorDiscordId,
      now: cardSavedAt,
    });
    const submissionData = world.data("battle.submission", {
      user: { id: "usr_zed", username: "zed" },
      score: 40,
    });
    const submissionId = await storeEvent("battle.submission", submissionData, {
      id: "evt_submission_late",
      receivedAt: cardSavedAt + 60_000,
      created: cardSavedAt + 60_000,
    });

    const card = await renderRow(await queue(submissionId, "edit"));

    const fields = new Map(card.embeds?.[0]?.fields?.map((field) => [field.name, field.value]));
    expect(fields.get("Status")).toMatch(/^🟢 Live — ends <t:\d+:R>$/);
    expect(fields.get("Players")).toContain(`• <@${aliceDiscordId}>`);
  });

  it("rebuilds a card only from a real battle.created that could reach its guild", async () => {
    const endpointOf = async (guild: string) =>
      (await createWebhookEndpoint(store.db, box, { guildId: guild, secret: "s", eventKinds: [], now: 0 }))
        .id;
    const [otherEndpoint, ownEndpoint] = [await endpointOf(otherGuildId), await endpointOf(guildId)];
    const created = (language: string) => world.data("battle.created", { status: "waiting", language });
    const cardLanguage = async (battleId: string, eventId: string): Promise<string | undefined> => {
      await saveBattleCard(store.db, {
        battleId,
        guildId,
        channelId,
        messageId: cardMessageId,
        createdBy: creatorDiscordId,
        now: eventTime,
      });
      const started = world.data("battle.started", { id: battleId });
      await storeEvent("battle.started", started, { id: eventId, receivedAt: eventTime + 1 });
      const card = await renderRow(await queue(eventId, "edit"));
      return card.embeds?.[0]?.fields?.find((field) => field.name === "Language")?.value;
    };
    // Another guild's admins can sign anything with their own endpoint's secret.
    await storeEvent(
      "battle.created",
      { ...created("COBOL"), id: "bat_a" },
      {
        id: "evt_forged",
        receivedAt: eventTime - 500,
        source: otherEndpoint,
      },
    );
    expect(await cardLanguage("bat_a", "evt_started_a")).toBeUndefined();
    await storeEvent(
      "battle.created",
      { ...created("Rust"), id: "bat_b" },
      {
        id: "evt_own",
        receivedAt: eventTime - 500,
        source: ownEndpoint,
      },
    );
    expect(await cardLanguage("bat_b", "evt_started_b")).toBe("Rust");
    // A test delivery may name a real battle (docs/platform-assumptions.md, "Test deliveries").
    const test = { ...created("COBOL"), id: "bat_c", test: true };
    await storeEvent("battle.created", test, { id: "evt_test", receivedAt: eventTime - 500 });
    expect(await cardLanguage("bat_c", "evt_started_c")).toBeUndefined();
  });

  it("edits the card to the final standings, greys its buttons and names the winner", async () => {
    const alice = userOf(world, 0);
    await saveBattleCard(store.db, {
      battleId: "bat_test",
      guildId,
      channelId,
      messageId: cardMessageId,
      createdBy: creatorDiscordId,
      now: eventTime,
    });
    const eventId = await storeEvent("battle.completed", world.data("battle.completed"), { id: "evt_done" });

    const card = await renderRow(await queue(eventId, "edit"));

    const fields = new Map(card.embeds?.[0]?.fields?.map((field) => [field.name, field.value]));
    expect(fields.get("Status")).toBe(`🏁 Completed — winner **${alice.username}**`);
    expect(fields.get("Players")).toContain(`1. ${alice.username} — 100 pts`);
    const buttons = JSON.parse(JSON.stringify(card.components)) as { components: { disabled: boolean }[] }[];
    expect(buttons[0]?.components.every((button) => button.disabled)).toBe(true);
  });

  it("renders nothing for an event that was dead-lettered or is no longer in the inbox", async () => {
    await insertInboxEvent(store.db, {
      eventId: "evt_dead",
      kind: "battle.completed",
      source: operatorSource,
      status: "dead",
      payload: { body: "{not json" },
      error: "the body is not JSON",
      receivedAt: eventTime,
    });
    const dead = await queue("evt_dead", "post");
    expect(await render(dead)).toBeUndefined();
    expect(await render({ ...dead, eventId: "evt_pruned" })).toBeUndefined();
  });

  it("renders nothing for a kind this release ignores", async () => {
    await insertInboxEvent(store.db, {
      eventId: "evt_future",
      kind: "battle.paused",
      source: operatorSource,
      status: "ignored",
      payload: {
        id: "evt_future",
        rawKind: "battle.paused",
        createdAt: eventTime,
        form: "standard",
        data: {},
      },
      receivedAt: eventTime,
    });
    expect(await render(await queue("evt_future", "post"))).toBeUndefined();
  });
});
