// The outbox renderer edits a battle card to everything its events told, rebuilding it only from a
// battle.created that could reach its guild, and greys it with the final standings.
import { describe, expect, it } from "vitest";
import { saveBattleCard } from "../../src/store/battle-cards.js";
import { createWebhookEndpoint } from "../../src/store/webhook-endpoints.js";
import { testDatabases } from "../store/databases.js";
import { eventTime, userOf } from "./support/events.js";
import {
  aliceDiscordId,
  cardMessageId,
  channelId,
  creatorDiscordId,
  guildId,
  otherGuildId,
} from "./support/outbox-rows.js";
import { useOutboxRenderer } from "./support/use-outbox-renderer.js";

describe.each(testDatabases())("createOutboxRenderer, battle cards, on $name", (database) => {
  const renderer = useOutboxRenderer(database);
  const { store, storeEvent, queue, link, renderRow } = renderer;

  it("edits the battle card with everything its events told, battle.created included", async () => {
    const alice = userOf(renderer.world, 0);
    await link(guildId, aliceDiscordId, alice);
    const cardSavedAt = eventTime;
    // battle.created arrives just before /battle create saves its card, so it has no edit row of its own.
    await storeEvent("battle.created", renderer.world.data("battle.created", { status: "waiting" }), {
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
    const startedData = renderer.world.data("battle.started", {
      participants: [{ user_id: alice.id, username: alice.username }],
    });
    const startedId = await storeEvent("battle.started", startedData, {
      id: "evt_started",
      receivedAt: cardSavedAt + 60_000,
      created: cardSavedAt + 60_000,
    });
    await queue(startedId, "edit");
    const submissionData = renderer.world.data("battle.submission", {
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
    const alice = userOf(renderer.world, 0);
    await link(guildId, aliceDiscordId, alice);
    const cardSavedAt = eventTime;
    // Accepting seats both players, and the platform starts the battle, before the card is saved.
    const startedData = renderer.world.data("battle.started", {
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
    const submissionData = renderer.world.data("battle.submission", {
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
      (
        await createWebhookEndpoint(store.db, renderer.box, {
          guildId: guild,
          secret: "s",
          eventKinds: [],
          now: 0,
        })
      ).id;
    const [otherEndpoint, ownEndpoint] = [await endpointOf(otherGuildId), await endpointOf(guildId)];
    const created = (language: string) =>
      renderer.world.data("battle.created", { status: "waiting", language });
    const cardLanguage = async (battleId: string, eventId: string): Promise<string | undefined> => {
      await saveBattleCard(store.db, {
        battleId,
        guildId,
        channelId,
        messageId: cardMessageId,
        createdBy: creatorDiscordId,
        now: eventTime,
      });
      const started = renderer.world.data("battle.started", { id: battleId });
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
    const alice = userOf(renderer.world, 0);
    await saveBattleCard(store.db, {
      battleId: "bat_test",
      guildId,
      channelId,
      messageId: cardMessageId,
      createdBy: creatorDiscordId,
      now: eventTime,
    });
    const eventId = await storeEvent("battle.completed", renderer.world.data("battle.completed"), {
      id: "evt_done",
    });

    const card = await renderRow(await queue(eventId, "edit"));

    const fields = new Map(card.embeds?.[0]?.fields?.map((field) => [field.name, field.value]));
    expect(fields.get("Status")).toBe(`🏁 Completed — winner **${alice.username}**`);
    expect(fields.get("Players")).toContain(`#1 ${alice.username} — 100 pts`);
    const buttons = JSON.parse(JSON.stringify(card.components)) as { components: { disabled: boolean }[] }[];
    expect(buttons[0]?.components.every((button) => button.disabled)).toBe(true);
  });
});
