import { describe, expect, it } from "vitest";
import { renderEvent } from "../../src/announcements/render-event.js";
import { createSandboxWorld, linkEveryone, readEvent, userOf } from "./support/events.js";
import { expectPingsExactly, expectWithinDiscordLimits, textOf } from "./support/message-checks.js";

const noMentions = { mentions: new Map<string, string>() };

describe("team.created", () => {
  it("names the team, its founder, seats and visibility, pinging nobody", () => {
    const world = createSandboxWorld();
    const alice = userOf(world, 0);
    const body = renderEvent(readEvent("team.created", world.data("team.created")), {
      mentions: new Map([[alice.id, "111111111111111111"]]),
    });
    const text = textOf(body);
    expect(text).toContain("**Test Team** was founded by <@111111111111111111>");
    expect(text).toContain("1/5");
    expect(text).toContain("Public");
    expectPingsExactly(body, []);
  });
});

describe("team.member_joined", () => {
  it("welcomes the new member with their role and pings them when linked", () => {
    const world = createSandboxWorld();
    const alice = userOf(world, 0);
    const data = world.data("team.member_joined", { role: "member", members: 2 });
    const linked = renderEvent(readEvent("team.member_joined", data), {
      mentions: new Map([[alice.id, "111111111111111111"]]),
    });
    expect(linked.embeds?.[0]?.description).toBe("<@111111111111111111> joined **Test Team** as member.");
    expectPingsExactly(linked, ["111111111111111111"]);
    const unlinked = renderEvent(readEvent("team.member_joined", data), noMentions);
    expect(unlinked.embeds?.[0]?.description).toBe(`${alice.username} joined **Test Team** as member.`);
    expectPingsExactly(unlinked, []);
  });
});

describe("team.battle_completed", () => {
  const data = {
    object: "battle",
    id: "bat_team",
    mode: "team",
    teams: [
      { team_id: "team_b", name: "Blue", score: 180, rank: 2, members: ["usr_3", "usr_4"] },
      { team_id: "team_r", name: "Red", score: 240, rank: 1, members: ["usr_1", "usr_2"] },
    ],
    winner_team_id: "team_r",
    completed_at: "2026-11-21T10:00:00.000Z",
  };

  it("ranks the teams with their linked members and pings every linked member", () => {
    const mentions = new Map([
      ["usr_1", "111111111111111111"],
      ["usr_3", "333333333333333333"],
    ]);
    const body = renderEvent(readEvent("team.battle_completed", data), { mentions });
    expect(body.embeds?.[0]?.description?.split("\n")).toEqual([
      "🥇 **Red** — 240 pts · <@111111111111111111>, 1 other",
      "🥈 **Blue** — 180 pts · <@333333333333333333>, 1 other",
    ]);
    expect(textOf(body)).toContain("🏆 Red");
    expectPingsExactly(body, ["111111111111111111", "333333333333333333"]);
  });

  it("names the winning team from the ranks when the platform names none, as the weekly digest counts it", () => {
    const { winner_team_id: _named, ...silent } = data;
    const winnerOf = (teams: typeof data.teams) =>
      renderEvent(
        readEvent("team.battle_completed", { ...silent, teams }),
        noMentions,
      ).embeds?.[0]?.fields?.find((field) => field.name === "Winner")?.value;
    expect(winnerOf(data.teams)).toBe("🏆 Red");
    expect(winnerOf(data.teams.map((team) => ({ ...team, rank: 1 })))).toBe("🤝 Draw");
  });

  it("stays within the limits with 200 teams of 50 linked members", () => {
    const teams = Array.from({ length: 200 }, (_, team) => ({
      team_id: `team_${String(team)}`,
      name: "T".repeat(200),
      score: 1000 - team,
      rank: team + 1,
      members: Array.from({ length: 50 }, (_, member) => `usr_${String(team)}_${String(member)}`),
    }));
    const mentions = linkEveryone(teams.flatMap((team) => team.members));
    const body = renderEvent(
      readEvent("team.battle_completed", { ...data, teams, winner_team_id: "team_0" }),
      {
        mentions,
      },
    );
    expectWithinDiscordLimits(body);
    expectPingsExactly(body, body.allowed_mentions?.users ?? []);
    expect(body.allowed_mentions?.users?.length).toBeLessThanOrEqual(100);
    expect(body.content).toMatch(/…and \d+ more$/);
  });
});
