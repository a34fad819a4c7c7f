// The outbox renderer turns a queued outbox row into the message to post or the battle card to edit, from
// the event stored in the inbox and what the store knows of the guild; a dead or ignored event renders nothing.
import { describe, expect, it } from "vitest";
import { insertInboxEvent, operatorSource } from "../../src/store/inbox.js";
import { recordMemberActivity } from "../../src/store/member-activity.js";
import { testDatabases } from "../store/databases.js";
import { eventTime, userOf } from "./support/events.js";
import { expectPingsExactly, expectWithinDiscordLimits } from "./support/message-checks.js";
import { aliceDiscordId, bobDiscordId, guildId, otherGuildId } from "./support/outbox-rows.js";
import { useOutboxRenderer } from "./support/use-outbox-renderer.js";

describe.each(testDatabases())("createOutboxRenderer on $name", (database) => {
  const renderer = useOutboxRenderer(database);
  const { store, storeEvent, queue, link, renderRow } = renderer;

  it("posts a battle result that mentions and pings only the players linked in that guild", async () => {
    const [alice, bob] = [userOf(renderer.world, 0), userOf(renderer.world, 1)];
    await link(guildId, aliceDiscordId, alice);
    await link(otherGuildId, bobDiscordId, bob);
    const eventId = await storeEvent("battle.completed", renderer.world.data("battle.completed"), {
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
    const [alice, bob] = [userOf(renderer.world, 0), userOf(renderer.world, 1)];
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
    const eventId = await storeEvent(
      "system.leaderboard_updated",
      renderer.world.data("system.leaderboard_updated"),
      {
        id: "evt_weekly",
      },
    );

    const message = await renderRow(await queue(eventId, "post"));

    expect(message.content).toBeUndefined();
    expect(message.allowed_mentions).toEqual({ parse: [], users: [] });
    const gains = message.embeds?.[0]?.fields?.find((field) => field.name === "📈 Biggest gains");
    expect(gains?.value).toBe(`<@${aliceDiscordId}> **+25** (now 1995)`);
    expectWithinDiscordLimits(message);
  });

  it("names the week's members by the username they linked with in a test delivery of the refresh", async () => {
    // docs/platform-assumptions.md, "Test deliveries": players named by platform username, nobody mentioned.
    const alice = userOf(renderer.world, 0);
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
      renderer.world.data("system.leaderboard_updated", { test: true }),
      { id: "evt_weekly_test" },
    );

    const message = await renderRow(await queue(eventId, "post"));

    const gains = message.embeds?.[0]?.fields?.find((field) => field.name === "📈 Biggest gains");
    expect(gains?.value).toBe(`${alice.username} **+30** (now 2030)`);
    expect(JSON.stringify(message)).not.toContain(alice.id);
    expect(message.allowed_mentions).toEqual({ parse: [], users: [], roles: [] });
  });

  it("posts a leaderboard refresh as a short line in a guild whose week was quiet", async () => {
    const eventId = await storeEvent(
      "system.leaderboard_updated",
      renderer.world.data("system.leaderboard_updated"),
      {
        id: "evt_weekly",
      },
    );
    const message = await renderRow(await queue(eventId, "post", otherGuildId));
    expect(message.embeds).toBeUndefined();
    expect(message.content).toMatch(/^📅 A quiet week/);
  });

  it("posts a tournament start with its Register button", async () => {
    const eventId = await storeEvent(
      "system.tournament_started",
      renderer.world.data("system.tournament_started"),
      {
        id: "evt_trn",
      },
    );
    const message = await renderRow(await queue(eventId, "post"));
    expect(JSON.stringify(message.components)).toContain('"custom_id":"tournament:register:trn_test"');
    expectPingsExactly(message, []);
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
    expect(await renderer.render(dead)).toBeUndefined();
    expect(await renderer.render({ ...dead, eventId: "evt_pruned" })).toBeUndefined();
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
    expect(await renderer.render(await queue("evt_future", "post"))).toBeUndefined();
  });
});
