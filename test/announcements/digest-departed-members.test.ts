// The weekly digest asks the fake Discord whether the members it would name are still in the server
// (docs/architecture.md, "The weekly digest"): one who left is not named and the next member takes the place;
// when Discord cannot say, the member is named as before.
import { REST } from "@discordjs/rest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { maxMemberChecks } from "../../src/discord/departed-members.js";
import { createMemberPresence } from "../../src/discord/guild-member-presence.js";
import { createOutboxRenderer } from "../../src/announcements/outbox-renderer.js";
import { ManualClock, systemClock } from "../../src/clock.js";
import { createLogger } from "../../src/logger.js";
import type { RenderOutboxEntry } from "../../src/outbox/outbox-result.js";
import type { SecretBox } from "../../src/secrets/secret-box.js";
import { recordMemberActivity } from "../../src/store/member-activity.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { createTestSecretBox } from "../store/secret-box-fixture.js";
import { createSandboxWorld, eventTime } from "./support/events.js";
import { createOutboxRowHelpers } from "./support/outbox-rows.js";

const memberRoute = "GET /guilds/:guildId/members/:userId";

interface Player {
  readonly platformUser: { readonly id: string; readonly username: string };
  readonly discordId: string;
}

describe.each(testDatabases())("the weekly digest without members who left, on $name", (database) => {
  const store = useMigratedStore(database);
  let box: SecretBox;
  let fake: FakeDiscord;
  let guildId: string;
  let render: RenderOutboxEntry;

  beforeEach(async () => {
    box = createTestSecretBox();
    fake = await createFakeDiscord();
    guildId = fake.createGuild({ name: "Arena" }).id;
    render = createOutboxRenderer({
      db: store.db,
      clock: systemClock,
      logger: createLogger({ level: "silent" }),
      memberPresence: createMemberPresence(
        new REST({ api: fake.apiUrl }).setToken(fake.botToken),
        new ManualClock(eventTime),
      ),
    });
  });
  afterEach(async () => {
    await fake.close();
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

  const world = createSandboxWorld();

  /** `count` linked members who each gained rating this week, the first the most. */
  async function playWeek(count: number): Promise<Player[]> {
    const players: Player[] = [];
    for (let index = 0; index < count; index += 1) {
      const member = fake.createMember(guildId, { username: `member${String(index)}` });
      const platformUser = { id: `usr_week_${String(index)}`, username: `player${String(index)}` };
      await link(guildId, member.id, platformUser);
      players.push({ platformUser, discordId: member.id });
    }
    await recordMemberActivity(store.db, {
      facts: players.map((player, index) => ({
        kind: "rating",
        eventId: `evt_gain_${String(index)}`,
        platformUserId: player.platformUser.id,
        occurredAt: eventTime - 86_400_000,
        ratingChange: 100 - index,
        newRating: 2100 - index,
        promotedTo: null,
      })),
      guildId: undefined,
      now: eventTime,
    });
    return players;
  }

  async function renderDigest() {
    const eventId = await storeEvent("system.leaderboard_updated", world.data("system.leaderboard_updated"), {
      id: "evt_weekly",
    });
    return renderRow(await queue(eventId, "post", guildId));
  }
  const gainsOf = (message: Awaited<ReturnType<typeof renderDigest>>) =>
    message.embeds?.[0]?.fields?.find((field) => field.name === "📈 Biggest gains")?.value;
  const gainLine = (player: Player, index: number) =>
    `<@${player.discordId}> **+${String(100 - index)}** (now ${String(2100 - index)})`;

  it("leaves out a member who left the server, and the next member takes the place", async () => {
    const players = await playWeek(6);
    fake.removeMember(guildId, players[1]!.discordId);

    const message = await renderDigest();

    const shown = [0, 2, 3, 4, 5].map((index) => gainLine(players[index]!, index));
    expect(gainsOf(message)).toBe(shown.join("\n"));
    expect(JSON.stringify(message)).not.toContain(players[1]!.discordId);
  });

  it("mentions the account as another member who linked it when the first one left", async () => {
    const players = await playWeek(2);
    const sharer = fake.createMember(guildId, { username: "sharer" });
    await link(guildId, sharer.id, players[0]!.platformUser);
    fake.removeMember(guildId, players[0]!.discordId);

    const message = await renderDigest();

    const shown = [gainLine({ ...players[0]!, discordId: sharer.id }, 0), gainLine(players[1]!, 1)];
    expect(gainsOf(message)).toBe(shown.join("\n"));
    expect(JSON.stringify(message)).not.toContain(players[0]!.discordId);
  });

  it("names a podium player who left by their platform username instead of mentioning them", async () => {
    await playWeek(1);
    const top = world.data("system.leaderboard_updated").top as { user_id: string; username: string }[];
    const podium = top[0]!;
    const leaver = fake.createMember(guildId, { username: "leaver" });
    await link(guildId, leaver.id, { id: podium.user_id, username: podium.username });
    fake.removeMember(guildId, leaver.id);

    const message = await renderDigest();

    const field = message.embeds?.[0]?.fields?.find((candidate) => candidate.name === "🌍 Platform top 3");
    expect(field?.value.split("\n")[0]).toMatch(new RegExp(`^🥇 ${podium.username} — `, "u"));
    expect(JSON.stringify(message)).not.toContain(leaver.id);
  });

  it("names the members as before when Discord fails to say whether they are still there", async () => {
    const players = await playWeek(6);
    fake.setRouteOutage(memberRoute, true);

    const message = await renderDigest();

    const shown = [0, 1, 2, 3, 4].map((index) => gainLine(players[index]!, index));
    expect(gainsOf(message)).toBe(shown.join("\n"));
    expect(fake.stats.requestsByRoute.get(memberRoute)).toBeGreaterThan(0);
  });

  it("asks about each member once for the digests of the server's channels", async () => {
    const players = await playWeek(6);
    fake.removeMember(guildId, players[1]!.discordId);
    const eventId = await storeEvent("system.leaderboard_updated", world.data("system.leaderboard_updated"), {
      id: "evt_weekly",
    });
    const inFirstChannel = await queue(eventId, "post", guildId);
    const inSecondChannel = await queue(eventId, "post", guildId, "200000000000000002");
    fake.resetStats();

    const first = await renderRow(inFirstChannel);
    const second = await renderRow(inSecondChannel);

    const shown = [0, 2, 3, 4, 5].map((index) => gainLine(players[index]!, index)).join("\n");
    expect(gainsOf(first)).toBe(shown);
    expect(gainsOf(second)).toBe(shown);
    // Six asked once: the five named and the one who left.
    expect(fake.stats.requestsByRoute.get(memberRoute)).toBe(6);
  });

  it("asks about the platform's podium alone of its top list, and checks every member it names", async () => {
    // The refresh's top list is longer than the three the post shows, and all of it is linked here.
    const topCount = maxMemberChecks;
    const top = Array.from({ length: topCount }, (_, index) => {
      const user_id = `usr_top_${String(index)}`;
      return {
        rank: index + 1,
        user_id,
        username: `top${String(index)}`,
        rating: 3000 - index,
        tier: "master",
      };
    });
    for (const entry of top) {
      const member = fake.createMember(guildId, { username: entry.username });
      await link(guildId, member.id, { id: entry.user_id, username: entry.username });
    }
    const players = await playWeek(7);
    fake.removeMember(guildId, players[0]!.discordId);
    fake.removeMember(guildId, players[5]!.discordId);
    fake.resetStats();

    const eventId = await storeEvent(
      "system.leaderboard_updated",
      world.data("system.leaderboard_updated", { top }),
      { id: "evt_weekly_long_top" },
    );
    const message = await renderRow(await queue(eventId, "post", guildId));

    // The week's first five who are still here: the sixth gainer left too, and was asked about to know it.
    const shown = [1, 2, 3, 4, 6].map((index) => gainLine(players[index]!, index));
    expect(gainsOf(message)).toBe(shown.join("\n"));
    // Three of the podium, the five named and the two who left.
    expect(fake.stats.requestsByRoute.get(memberRoute)).toBe(3 + 5 + 2);
  });

  it("asks about a bounded number of members, however many have left", async () => {
    const players = await playWeek(maxMemberChecks + 10);
    for (const player of players) fake.removeMember(guildId, player.discordId);
    fake.resetStats();

    const message = await renderDigest();

    expect(fake.stats.requestsByRoute.get(memberRoute)).toBe(maxMemberChecks);
    const unchecked = players.slice(maxMemberChecks, maxMemberChecks + 5);
    expect(gainsOf(message)).toBe(
      unchecked.map((player, index) => gainLine(player, maxMemberChecks + index)).join("\n"),
    );
  });
});
