// /leaderboard server leaves out members who left the server, as the weekly digest does, asking the fake
// Discord about the members it would show (docs/architecture.md, "The weekly digest", "Members who left"): the
// next member takes the place and the ranks count only those still here; when Discord cannot say, the
// members are shown as before.
import { REST } from "@discordjs/rest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../../fake-discord/index.js";
import { ManualClock } from "../../../src/clock.js";
import {
  serverLeaderboardList,
  serverLeaderboardPageSize,
  type ServerLeaderboardDeps,
} from "../../../src/commands/leaderboard/server-leaderboard-list.js";
import { maxMemberChecks } from "../../../src/discord/departed-members.js";
import { createMemberPresence } from "../../../src/discord/guild-member-presence.js";
import type { ServerActor } from "../../../src/discord/interaction-handlers.js";
import { createLogger } from "../../../src/logger.js";
import { recordMemberActivity } from "../../../src/store/member-activity.js";
import { saveMemberLink } from "../../../src/store/member-links.js";
import { savePlatformUser } from "../../../src/store/platform-users.js";
import { testDatabases, useMigratedStore } from "../../store/databases.js";
import { createTestSecretBox } from "../../store/secret-box-fixture.js";

const memberRoute = "GET /guilds/:guildId/members/:userId";
const now = Date.UTC(2026, 10, 21, 10);

describe.each(testDatabases())("/leaderboard server without members who left, on $name", (database) => {
  const store = useMigratedStore(database);
  let fake: FakeDiscord;
  let guildId: string;
  let deps: ServerLeaderboardDeps;

  beforeEach(async () => {
    fake = await createFakeDiscord();
    guildId = fake.createGuild({ name: "Arena" }).id;
    const clock = new ManualClock(now);
    deps = {
      db: store.db,
      clock,
      logger: createLogger({ level: "silent" }),
      memberPresence: createMemberPresence(
        new REST({ api: fake.apiUrl, retries: 0 }).setToken(fake.botToken),
        clock,
      ),
    };
  });
  afterEach(async () => {
    await fake.close();
  });

  /** Links the Discord user here to the platform account, with an API key the page never uses. */
  async function linkAs(userId: string, platformUserId: string, platformUsername: string, linkedAt: number) {
    await saveMemberLink(store.db, createTestSecretBox(), {
      guildId,
      userId,
      platformUserId,
      platformUsername,
      credentialKind: "api_key",
      credential: { accessToken: "not-used-here" },
      now: linkedAt,
    });
  }

  /** `count` linked members, the first with the highest rating and the most gained this week. */
  async function linkMembers(count: number): Promise<string[]> {
    const discordIds: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const member = fake.createMember(guildId, { username: `member${String(index)}` });
      const platformUserId = `usr_board_${String(index).padStart(2, "0")}`;
      await linkAs(member.id, platformUserId, `player${String(index)}`, now - 86_400_000);
      await savePlatformUser(store.db, {
        platformUserId,
        username: `player${String(index)}`,
        rating: 2100 - index,
        now,
      });
      discordIds.push(member.id);
    }
    await recordMemberActivity(store.db, {
      facts: discordIds.map((_, index) => ({
        kind: "rating",
        eventId: `evt_gain_${String(index)}`,
        platformUserId: `usr_board_${String(index).padStart(2, "0")}`,
        occurredAt: now - 86_400_000,
        ratingChange: 100 - index,
        newRating: 2100 - index,
        promotedTo: null,
      })),
      guildId: undefined,
      now,
    });
    return discordIds;
  }

  async function renderPage(period: "all" | "week" | "month", page = 0) {
    const actor: ServerActor = {
      guildId,
      channelId: "300",
      userId: "200",
      username: "viewer",
      displayName: "viewer",
      permissions: 0n,
      locale: "en-US",
    };
    const query = period === "all" ? "" : period;
    const {
      reply,
      hasMore,
      page: shown,
    } = await serverLeaderboardList.renderPage(deps, { actor, query, page });
    const description = reply.embeds?.[0]?.description ?? "";
    // Each line's rank and member, in order.
    const ranked = [...description.matchAll(/^\*\*(\d+)\.\*\* <@(\d+)>/gmu)].map(
      ([, rank, userId]) => `${rank ?? ""}:${userId ?? ""}`,
    );
    return { ranked, hasMore, description, page: shown };
  }
  const ranks = (discordIds: readonly string[], first = 1) =>
    discordIds.map((userId, index) => `${String(first + index)}:${userId}`);

  it.each(["week", "month", "all"] as const)(
    "leaves out members who left, the next moving up, with period:%s",
    async (period) => {
      const members = await linkMembers(serverLeaderboardPageSize + 3);
      const [, gone, ...others] = members;
      fake.removeMember(guildId, gone!);
      fake.removeMember(guildId, others[4]!);

      const first = await renderPage(period);
      const second = await renderPage(period, 1);

      const stillHere = members.filter((userId) => userId !== gone && userId !== others[4]);
      expect(first.ranked).toEqual(ranks(stillHere.slice(0, serverLeaderboardPageSize)));
      expect(first.hasMore).toBe(true);
      expect(second.ranked).toEqual(
        ranks(stillHere.slice(serverLeaderboardPageSize), serverLeaderboardPageSize + 1),
      );
      expect(second.hasMore).toBe(false);
      expect(first.description + second.description).not.toContain(gone);
    },
  );

  it.each(["week", "all"] as const)(
    "shows the last page for a page past the end, with period:%s",
    async (period) => {
      const members = await linkMembers(serverLeaderboardPageSize + 3);

      const past = await renderPage(period, 5);

      expect(past.page).toBe(1);
      expect(past.ranked).toEqual(
        ranks(members.slice(serverLeaderboardPageSize), serverLeaderboardPageSize + 1),
      );
      expect(past.hasMore).toBe(false);
    },
  );

  it("shows the account as another member who linked it when the first one left", async () => {
    const [first, second] = await linkMembers(2);
    const sharer = fake.createMember(guildId, { username: "sharer" });
    await linkAs(sharer.id, "usr_board_00", "player0", now);
    fake.removeMember(guildId, first!);

    const { ranked } = await renderPage("week");

    expect(ranked).toEqual(ranks([sharer.id, second!]));
  });

  it("shows the members as before when Discord fails to say whether they are still there", async () => {
    const members = await linkMembers(3);
    fake.removeMember(guildId, members[0]!);
    fake.setRouteOutage(memberRoute, true);

    const { ranked } = await renderPage("week");

    expect(ranked).toEqual(ranks(members));
    expect(fake.stats.requestsByRoute.get(memberRoute)).toBeGreaterThan(0);
  });

  it("asks about each member once when the page is opened again within a minute", async () => {
    const members = await linkMembers(serverLeaderboardPageSize + 2);
    fake.removeMember(guildId, members[1]!);
    fake.resetStats();

    const first = await renderPage("week");
    const again = await renderPage("week");

    const stillHere = members.filter((userId) => userId !== members[1]);
    expect(first.ranked).toEqual(ranks(stillHere.slice(0, serverLeaderboardPageSize)));
    expect(again.ranked).toEqual(first.ranked);
    // The page shows ten, one more says whether another page follows, and one member left: twelve asked.
    expect(fake.stats.requestsByRoute.get(memberRoute)).toBe(serverLeaderboardPageSize + 2);
  });

  it("leaves out a member who left past a later page's 25th, when the pages before asked about those", async () => {
    // The third page passes thirty-one members still here: more than the checks a page may make, but the
    // first twenty-one were asked about by the two pages before, within the minute.
    const members = await linkMembers(3 * serverLeaderboardPageSize + 5);
    const gone = members[2 * serverLeaderboardPageSize + 7]!;
    fake.removeMember(guildId, gone);
    await renderPage("week");
    await renderPage("week", 1);
    fake.resetStats();

    const third = await renderPage("week", 2);

    const stillHere = members.filter((userId) => userId !== gone);
    expect(third.ranked).toEqual(
      ranks(
        stillHere.slice(2 * serverLeaderboardPageSize, 3 * serverLeaderboardPageSize),
        2 * serverLeaderboardPageSize + 1,
      ),
    );
    expect(third.description).not.toContain(gone);
    // Only the members the pages before did not pass: nine of its ten (the first was the second page's look
    // ahead), the one who left, and one more to say whether another page follows.
    expect(fake.stats.requestsByRoute.get(memberRoute)).toBe(serverLeaderboardPageSize + 1);
  });

  it("still leaves out a member it remembers leaving once Discord fails to say about another", async () => {
    const members = await linkMembers(4);
    fake.removeMember(guildId, members[1]!);
    await renderPage("week");
    // A member linked since, who gained the most this week: the page asks about them first, and fails.
    const newcomer = fake.createMember(guildId, { username: "newcomer" });
    await linkAs(newcomer.id, "usr_board_new", "newcomer", now);
    await savePlatformUser(store.db, {
      platformUserId: "usr_board_new",
      username: "newcomer",
      rating: 2200,
      now,
    });
    await recordMemberActivity(store.db, {
      facts: [
        {
          kind: "rating",
          eventId: "evt_gain_new",
          platformUserId: "usr_board_new",
          occurredAt: now - 3_600_000,
          ratingChange: 500,
          newRating: 2200,
          promotedTo: null,
        },
      ],
      guildId: undefined,
      now,
    });
    fake.setRouteOutage(memberRoute, true);

    const { ranked } = await renderPage("week");

    // The newcomer is shown, Discord having said nothing; the member remembered as gone is still left out.
    expect(ranked).toEqual(ranks([newcomer.id, members[0]!, members[2]!, members[3]!]));
  });

  it("asks about a bounded number of members, however many have left", async () => {
    const members = await linkMembers(maxMemberChecks + serverLeaderboardPageSize + 2);
    for (const userId of members) fake.removeMember(guildId, userId);
    fake.resetStats();

    const { ranked } = await renderPage("week");

    expect(fake.stats.requestsByRoute.get(memberRoute)).toBe(maxMemberChecks);
    expect(ranked).toEqual(
      ranks(members.slice(maxMemberChecks, maxMemberChecks + serverLeaderboardPageSize)),
    );
  });
});
