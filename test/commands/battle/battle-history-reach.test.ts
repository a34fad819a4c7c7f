// `/battle history` reads GET /battles with `status` and `limit` only (the platform's API reference), so its
// pages reach the latest 100 battles; a member with more is told so rather than left wondering where ▶ went.
// Against a platform on 127.0.0.1 that answers a total of 150.
import { describe, expect, it } from "vitest";
import { battleHistoryPages } from "../../../src/commands/battle/battle-history.js";
import { testDatabases, useMigratedStore } from "../../store/databases.js";
import { actor, useLinkedMember } from "../support/linked-member.js";

const battles = Array.from({ length: 100 }, (_, index) => ({
  id: `bat_${String(index + 1)}`,
  type: "realtime",
  status: "completed",
  result: "won",
  score: 100,
  duration: 60,
  completedAt: "2026-01-01T00:00:00Z",
}));

describe.each(testDatabases().slice(0, 1))("/battle history past 100 battles on $name", (database) => {
  const store = useMigratedStore(database);
  const linked = useLinkedMember(store);

  it("says on its last page that only the latest 100 of 150 are listed, and offers no ▶", async () => {
    linked.platform.queueReplies({ body: { battles, total: 150, page: 1, hasMore: true } });
    const { reply, hasMore } = await battleHistoryPages.renderPage(linked.deps, {
      actor,
      query: "all.10.e",
      page: 9,
    });
    expect(reply.embeds?.[0]?.footer?.text).toBe("Page 10 · 150 in all, the latest 100 listed here");
    expect(hasMore).toBe(false);
    const sent = linked.platform.requests.find((request) => request.path === "/v1/battles");
    expect(sent?.query.get("limit")).toBe("100");
  });
});
