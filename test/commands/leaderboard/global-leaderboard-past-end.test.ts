// `/leaderboard global page:` past the end of the list (typed too high, or the list shrank since) shows the
// last page, read once more at its offset, rather than an empty page whose ◀ leads back a page, and a request
// of the member's plan, at a time. The platform is a real server on 127.0.0.1.
import { describe, expect, it } from "vitest";
import {
  globalLeaderboardList,
  globalLeaderboardPageSize,
} from "../../../src/commands/leaderboard/global-leaderboard-list.js";
import { testDatabases, useMigratedStore } from "../../store/databases.js";
import { actor, useLinkedMember } from "../support/linked-member.js";

function rankings(first: number, count: number) {
  return Array.from({ length: count }, (_, index) => ({
    rank: first + index,
    user: {
      id: `usr_${String(first + index)}`,
      username: `player${String(first + index)}`,
      rating: 2000 - index,
    },
    winRate: 0.5,
    battlesWon: 3,
  }));
}

describe.each(testDatabases().slice(0, 1))("/leaderboard global past its end, on $name", (database) => {
  const store = useMigratedStore(database);
  const linked = useLinkedMember(store);

  it("shows the last page the platform's total gives", async () => {
    linked.platform.queueReplies(
      { body: { rankings: [], total: 25, hasMore: false } },
      { body: { rankings: rankings(21, 5), total: 25, hasMore: false } },
    );

    const { reply, hasMore, page } = await globalLeaderboardList.renderPage(linked.deps, {
      actor,
      query: "",
      page: 49,
    });

    expect(page).toBe(2);
    expect(hasMore).toBe(false);
    const reads = linked.platform.requests.filter(({ path }) => path.endsWith("/leaderboards/global"));
    expect(reads.map(({ query }) => query.get("offset"))).toEqual([
      String(49 * globalLeaderboardPageSize),
      String(2 * globalLeaderboardPageSize),
    ]);
    const text = JSON.stringify(reply.embeds);
    expect(text).toContain("player21");
    expect(text).toContain("player25");
    expect(text).toContain("Page 3 of 3");
  });

  it("reads once when the page asked for has rankings", async () => {
    linked.platform.queueReplies({ body: { rankings: rankings(11, 10), total: 25, hasMore: true } });

    const { page, hasMore } = await globalLeaderboardList.renderPage(linked.deps, {
      actor,
      query: "",
      page: 1,
    });

    expect(page).toBe(1);
    expect(hasMore).toBe(true);
    expect(linked.platform.requests.filter(({ path }) => path.endsWith("/leaderboards/global"))).toHaveLength(
      1,
    );
  });
});
