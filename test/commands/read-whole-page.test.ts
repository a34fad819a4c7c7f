// A page a member turns, read whole from a platform that serves fewer items a request than asked
// (src/commands/read-whole-page.ts; docs/platform-assumptions.md, "Query parameters"): the rest of the page
// is asked for from where a short answer stopped while the platform says more follow, so no item is skipped
// between pages and ▶ stays while more follow. Before, `/leaderboard global` skipped ranks 6-10 of such a
// platform and `/tournament list` offered no ▶ past its first five. The platform is a server on 127.0.0.1.
import { describe, expect, it } from "vitest";
import { globalLeaderboardList } from "../../src/commands/leaderboard/global-leaderboard-list.js";
import { tournamentListPages } from "../../src/commands/tournament/tournament-list-pages.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { actor, useLinkedMember } from "./support/linked-member.js";

function rankings(first: number, count: number) {
  return Array.from({ length: count }, (_, index) => ({
    rank: first + index,
    user: { id: `usr_${String(first + index)}`, username: `player${String(first + index)}`, rating: 2000 },
    winRate: 0.5,
    battlesWon: 3,
  }));
}

function tournaments(first: number, count: number) {
  return Array.from({ length: count }, (_, index) => ({
    id: `trn_${String(first + index)}`,
    title: `Cup ${String(first + index)}`,
    status: "open",
    startTime: "2026-01-03T12:00:00.000Z",
    participants: 2,
    maxParticipants: 64,
    prizePool: "$500",
  }));
}

describe.each(testDatabases().slice(0, 1))(
  "pages of a platform serving five a request, on $name",
  (database) => {
    const store = useMigratedStore(database);
    const linked = useLinkedMember(store);
    const reads = (path: string) =>
      linked.platform.requests
        .filter((request) => request.path.endsWith(path))
        .map(({ query }) => [query.get("offset"), query.get("limit")]);

    it("shows ten rankings a page of /leaderboard global, asking for the rest after a short answer", async () => {
      linked.platform.queueReplies(
        { body: { rankings: rankings(1, 5), total: 23, hasMore: true } },
        { body: { rankings: rankings(6, 5), total: 23, hasMore: true } },
      );
      const first = await globalLeaderboardList.renderPage(linked.deps, { actor, query: "", page: 0 });
      expect(first.hasMore).toBe(true);
      const text = JSON.stringify(first.reply.embeds);
      for (const rank of [1, 5, 6, 10]) expect(text).toContain(`player${String(rank)}`);
      expect(reads("/leaderboards/global")).toEqual([
        ["0", "10"],
        ["5", "5"],
      ]);
    });

    it("offers ▶ on /tournament list while the platform says more follow", async () => {
      linked.platform.queueReplies(
        { body: { tournaments: tournaments(1, 5), total: 12, hasMore: true } },
        { body: { tournaments: tournaments(6, 1), total: 12, hasMore: true } },
      );
      const first = await tournamentListPages.renderPage(linked.deps, { actor, query: "", page: 0 });
      expect(first.hasMore).toBe(true);
      expect(reads("/tournaments")).toEqual([
        ["0", "6"],
        ["5", "1"],
      ]);
    });

    it("fills the page from a platform serving two a request, however many requests that takes", async () => {
      linked.platform.queueReplies(
        ...[1, 3, 5, 7, 9].map((first) => ({
          body: { rankings: rankings(first, 2), total: 23, hasMore: true },
        })),
      );
      const first = await globalLeaderboardList.renderPage(linked.deps, { actor, query: "", page: 0 });
      const text = JSON.stringify(first.reply.embeds);
      for (let rank = 1; rank <= 10; rank += 1) expect(text).toContain(`player${String(rank)}`);
      expect(reads("/leaderboards/global").map(([offset]) => offset)).toEqual(["0", "2", "4", "6", "8"]);
    });

    it("asks once when the platform serves the page whole", async () => {
      linked.platform.queueReplies({ body: { rankings: rankings(11, 10), total: 23, hasMore: true } });
      await globalLeaderboardList.renderPage(linked.deps, { actor, query: "", page: 1 });
      expect(reads("/leaderboards/global")).toEqual([["10", "10"]]);
    });
  },
);
