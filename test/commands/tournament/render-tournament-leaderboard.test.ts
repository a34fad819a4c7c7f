import { describe, expect, it } from "vitest";
import type { TournamentStanding } from "../../../src/api/index.js";
import {
  leaderboardRowsShown,
  renderTournamentLeaderboard,
} from "../../../src/commands/tournament/render-tournament-leaderboard.js";
import { discordLimits } from "../../../src/discord/discord-limits.js";

function standing(rank: number, username: string, overrides: Partial<TournamentStanding> = {}) {
  return {
    rank,
    user: { id: `usr_${username}`, username },
    score: 400 - rank * 10,
    problemsSolved: 3,
    totalTime: 3725,
    ...overrides,
  };
}

function tableLines(description: string | undefined): string[] {
  return (description ?? "").split("\n");
}

describe("renderTournamentLeaderboard", () => {
  it("names the tournament by its title, as inert text, when the platform's list gave it", () => {
    const reply = renderTournamentLeaderboard({
      tournamentId: "trn_1",
      tournamentTitle: "Autumn *Classic* @everyone",
      leaderboard: { leaderboard: [], userRank: 0, userScore: 0 },
      viewerPlatformUserId: undefined,
    });
    expect(reply.embeds?.[0]?.title).toMatch(/^Standings · Autumn \\\*Classic\\\* @\u200beveryone$/);
  });

  it("names the tournament by its id when its title shows only invisible characters", () => {
    const reply = renderTournamentLeaderboard({
      tournamentId: "trn_1",
      tournamentTitle: "\u200b\u2066",
      leaderboard: { leaderboard: [], userRank: 0, userScore: 0 },
      viewerPlatformUserId: undefined,
    });
    expect(reply.embeds?.[0]?.title).toBe("Standings · trn\\_1");
  });

  it("draws rank, username, score, problems solved and total time, marking the member's row", () => {
    const reply = renderTournamentLeaderboard({
      tournamentId: "trn_1",
      leaderboard: {
        leaderboard: [standing(2, "bob", { problemsSolved: undefined }), standing(1, "alice")],
        userRank: 2,
        userScore: 380,
      },
      viewerPlatformUserId: "usr_bob",
    });
    const embed = reply.embeds?.[0];
    expect(embed?.title).toBe("Standings · trn\\_1");
    expect(tableLines(embed?.description)).toEqual([
      "```",
      " Rank  User               Score  Solved         Time",
      "    1  alice                390       3   1h 02m 05s",
      ">   2  bob                  380       —   1h 02m 05s",
      "```",
    ]);
    expect(embed?.fields).toEqual([{ name: "You", value: "Rank **#2** · **380** points" }]);
  });

  it("says so when the member is not ranked (the platform sends 0)", () => {
    const reply = renderTournamentLeaderboard({
      tournamentId: "trn_1",
      leaderboard: { leaderboard: [], userRank: 0, userScore: 0 },
      viewerPlatformUserId: "usr_x",
    });
    expect(reply.embeds?.[0]?.description).toBe("Nobody is on this leaderboard yet.");
    expect(reply.embeds?.[0]?.fields?.[0]?.value).toBe("You're not on this leaderboard.");
  });

  it("truncates a long leaderboard, keeping the member's own row and staying within limits", () => {
    const standings = Array.from({ length: 500 }, (_, index) =>
      standing(index + 1, `user_with_a_really_long_name_${index}`),
    );
    standings[10] = standing(11, "sneaky```name");
    const reply = renderTournamentLeaderboard({
      tournamentId: "trn_1",
      leaderboard: { leaderboard: standings, userRank: 321, userScore: 10 },
      viewerPlatformUserId: "usr_user_with_a_really_long_name_320",
    });
    const description = reply.embeds?.[0]?.description ?? "";
    expect(description.length).toBeLessThanOrEqual(discordLimits.embedDescription);
    const lines = tableLines(description);
    // Header, the top rows, "…" and the member's row inside the block; the count after it.
    expect(lines).toHaveLength(1 + 1 + leaderboardRowsShown + 2 + 1 + 1);
    expect(lines.at(-4)).toBe("   …");
    expect(lines.at(-3)).toMatch(/^> 321 {2}user_with_a_rea… /);
    // 500 standings: the top rows and the member's own are shown, the rest counted.
    expect(lines.at(-1)).toBe(`… and ${500 - leaderboardRowsShown - 1} more`);
    // A backtick in a username cannot end the code block early.
    expect(description.match(/```/g)).toHaveLength(2);
    expect(description).toContain("sneaky'''name");
  });

  it("explains the Time column in the format its cells use", () => {
    const reply = renderTournamentLeaderboard({
      tournamentId: "trn_1",
      leaderboard: {
        leaderboard: [standing(1, "alice"), standing(2, "bob", { totalTime: 0 })],
        userRank: 0,
        userScore: 0,
      },
      viewerPlatformUserId: undefined,
    });
    const embed = reply.embeds?.[0];
    const cells = tableLines(embed?.description)
      .slice(2, 4)
      .map((line) =>
        line
          .trim()
          .split(/\s{2,}/)
          .at(-1),
      );
    expect(cells).toEqual(["1h 02m 05s", "0s"]);
    expect(embed?.footer?.text).toBe("Time is the total time taken, e.g. 1h 02m 05s or 0s.");
  });
});
