import { describe, expect, it } from "vitest";
import { renderBattleHistoryPage } from "../../../src/commands/battle/battle-history-page.js";
import { decodeHistoryQuery, encodeHistoryQuery } from "../../../src/commands/battle/battle-history.js";

describe("battle history pages", () => {
  it("numbers battles across pages and shows result, score, duration and when it ended", () => {
    const reply = renderBattleHistoryPage({
      battles: [
        {
          id: "bat_7",
          type: "realtime",
          status: "completed",
          result: "won",
          score: 100,
          duration: 754,
          completedAt: "2026-01-01T00:00:00.000Z",
        },
        {
          id: "bat_8",
          type: "practice",
          status: "waiting",
          result: undefined,
          score: undefined,
          duration: 0,
          completedAt: undefined,
        },
      ],
      page: 1,
      pageSize: 2,
      total: 4,
      status: undefined,
      ephemeral: true,
      inServer: true,
    });
    const embed = reply.embeds?.[0];
    expect(embed?.description).toBe(
      `**3.** \`bat_7\` · realtime · completed · **won** · 100 pts · 12m 34s · <t:${Date.UTC(2026, 0, 1) / 1000}:R>\n` +
        "**4.** `bat_8` · practice · waiting",
    );
    expect(embed?.footer?.text).toBe("Page 2 · 4 in all");
  });

  it("says when the member has more battles than the pages reach", () => {
    const page = (total: number) =>
      renderBattleHistoryPage({
        battles: [],
        page: 9,
        pageSize: 10,
        total,
        reachable: 100,
        status: undefined,
        ephemeral: true,
        inServer: true,
      }).embeds?.[0]?.footer?.text;
    expect(page(150)).toBe("Page 10 · 150 in all, the latest 100 listed here");
    expect(page(100)).toBe("Page 10 · 100 in all");
  });

  it("invites a member with no battles to start one", () => {
    const reply = renderBattleHistoryPage({
      battles: [],
      page: 0,
      pageSize: 10,
      total: 0,
      status: undefined,
      ephemeral: true,
      inServer: true,
    });
    expect(reply.embeds?.[0]?.title).toBe("Your battles");
    expect(reply.embeds?.[0]?.description).toBe("No battles yet. Start one with `/battle create`.");
  });

  it("says none has the status asked for, not that the member has no battles", () => {
    const reply = renderBattleHistoryPage({
      battles: [],
      page: 0,
      pageSize: 10,
      total: 0,
      status: "completed",
      ephemeral: true,
      inServer: true,
    });
    expect(reply.embeds?.[0]?.title).toBe("Your battles (completed)");
    expect(reply.embeds?.[0]?.description).toBe(
      "No completed battles. `/battle history` without a status lists them all.",
    );
  });

  it("tells a member in a DM that battles start in a server", () => {
    const reply = renderBattleHistoryPage({
      battles: [],
      page: 0,
      pageSize: 10,
      total: 0,
      status: undefined,
      ephemeral: true,
      inServer: false,
    });
    expect(reply.embeds?.[0]?.description).toBe(
      "No battles yet. Start one with `/battle create` in a server where the bot is installed.",
    );
  });

  it("carries status, page size and visibility in a short query, and survives a tampered one", () => {
    const query = encodeHistoryQuery({ status: "completed", pageSize: 5, shared: true });
    expect(query).toBe("completed.5.p");
    expect(decodeHistoryQuery(query)).toEqual({ status: "completed", pageSize: 5, shared: true });
    expect(decodeHistoryQuery("nonsense.999")).toEqual({ status: undefined, pageSize: 10, shared: false });
  });
});
