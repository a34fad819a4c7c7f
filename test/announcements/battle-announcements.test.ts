import { describe, expect, it } from "vitest";
import { readBattleButton } from "../../src/cards/battle-custom-ids.js";
import { renderEvent } from "../../src/announcements/render-event.js";
import { createSandboxWorld, linkEveryone, manyPlayers, readEvent, userOf } from "./support/events.js";
import { expectPingsExactly, expectWithinDiscordLimits, textOf } from "./support/message-checks.js";

const noMentions = { mentions: new Map<string, string>() };

describe("battle.completed", () => {
  const results = {
    object: "battle",
    id: "bat_1",
    mode: "realtime",
    difficulty: "hard",
    problem: { id: "prb_hard_01", title: "Two Sum", difficulty: "hard" },
    participants: [
      { user_id: "usr_bob", username: "bob", score: 60, submission_time: 610, rank: 2 },
      { user_id: "usr_ada", username: "ada", score: 100, submission_time: 420, rank: 1 },
      { user_id: "usr_cy", username: "cy", score: 0, submission_time: null, rank: 3 },
    ],
    winner: "usr_ada",
    duration: 900,
    started_at: "2026-11-21T09:45:00.000Z",
    completed_at: "2026-11-21T10:00:00.000Z",
  };

  it("ranks the players, names the winner, the duration and the problem", () => {
    const body = renderEvent(readEvent("battle.completed", results), noMentions);
    const embed = body.embeds?.[0];
    expect(embed?.title).toContain("Two Sum");
    expect(embed?.description?.split("\n")).toEqual([
      "🥇 ada — 100 pts · 7m",
      "🥈 bob — 60 pts · 10m 10s",
      "🥉 cy — 0 pts",
    ]);
    expect(embed?.fields).toEqual(
      expect.arrayContaining([
        { name: "Winner", value: "🏆 ada", inline: true },
        { name: "Duration", value: "15m", inline: true },
        { name: "Difficulty", value: "Hard", inline: true },
      ]),
    );
    expectWithinDiscordLimits(body);
  });

  it("mentions and pings the linked players only, naming the others by platform username", () => {
    const mentions = new Map([
      ["usr_ada", "111111111111111111"],
      ["usr_cy", "333333333333333333"],
    ]);
    const body = renderEvent(readEvent("battle.completed", results), { mentions });
    expect(body.content).toBe("<@111111111111111111> <@333333333333333333>");
    expectPingsExactly(body, ["111111111111111111", "333333333333333333"]);
    expect(body.embeds?.[0]?.description).toContain("🥈 bob — 60 pts");
    expect(body.embeds?.[0]?.description).toContain("🥇 <@111111111111111111>");
  });

  it("pings nobody and allows no mention when no player is linked here", () => {
    const body = renderEvent(readEvent("battle.completed", results), noMentions);
    expect(body.content).toBeUndefined();
    expectPingsExactly(body, []);
  });

  it("calls a battle without a winner a draw", () => {
    const body = renderEvent(readEvent("battle.completed", { ...results, winner: null }), noMentions);
    expect(textOf(body)).toContain("🤝 Draw");
  });

  it("says a battle of one player that nobody won had no winner, not a draw", () => {
    const alone = { ...results, participants: results.participants.slice(0, 1), winner: null };
    const body = renderEvent(readEvent("battle.completed", alone), noMentions);
    const winner = body.embeds?.[0]?.fields?.find((field) => field.name === "Winner")?.value;
    expect(winner).toBe("No winner");
    expect(textOf(body)).not.toContain("Draw");
  });

  it("names the winner from the ranks when the platform names none, as the weekly digest counts it", () => {
    const { winner: _named, ...silent } = results;
    const winnerOf = (data: Readonly<Record<string, unknown>>) =>
      renderEvent(readEvent("battle.completed", data), noMentions).embeds?.[0]?.fields?.find(
        (field) => field.name === "Winner",
      )?.value;
    expect(winnerOf(silent)).toBe("🏆 ada");
    const tied = silent.participants.map((player) => ({
      ...player,
      rank: player.rank === 2 ? 1 : player.rank,
    }));
    expect(winnerOf({ ...silent, participants: tied })).toBe("🤝 Draw");
  });

  it("escapes markdown in usernames and problem titles", () => {
    const data = {
      ...results,
      problem: { title: "**Bold** _move_" },
      participants: [{ user_id: "usr_x", username: "@everyone *star*", rank: 1, score: 1 }],
    };
    const text = textOf(renderEvent(readEvent("battle.completed", data), noMentions));
    expect(text).toContain("\\*\\*Bold\\*\\* \\_move\\_");
    expect(text).toContain("\\*star\\*");
    expect(text).not.toContain("@everyone");
  });

  it("stays within Discord's limits with 500 players of 300-character names, all linked", () => {
    const participants = manyPlayers(500).map((player, index) => ({
      ...player,
      score: 500 - index,
      rank: index + 1,
    }));
    const mentions = linkEveryone(participants.map((player) => player.user_id));
    const body = renderEvent(
      readEvent("battle.completed", {
        ...results,
        problem: { title: "T".repeat(1000) },
        participants,
        winner: "usr_00000",
      }),
      { mentions },
    );
    expectWithinDiscordLimits(body);
    expect(body.allowed_mentions?.users?.length).toBeLessThanOrEqual(100);
    expectPingsExactly(body, body.allowed_mentions?.users ?? []);
    expect(body.content).toMatch(/…and \d+ more$/);
    expect(body.embeds?.[0]?.description).toMatch(/…and \d+ more$/);
    expect(body.embeds?.[0]?.fields?.map((field) => field.name)).toContain("Winner");
  });
});

describe("battle.created", () => {
  it("describes the battle from the sandbox's data and offers the card's Join button", () => {
    const world = createSandboxWorld();
    const alice = userOf(world, 0);
    const body = renderEvent(readEvent("battle.created", world.data("battle.created")), noMentions);
    const text = textOf(body);
    expect(text).toContain(alice.username);
    expect(text).toContain("Python");
    expect(text).toContain("30m");
    const row = body.components?.[0];
    const button = row !== undefined && "components" in row ? row.components[0] : undefined;
    const customId = button !== undefined && "custom_id" in button ? button.custom_id : "";
    expect(readBattleButton(customId.split(":").slice(1))).toEqual({ action: "join", battleId: "bat_test" });
    expectPingsExactly(body, []);
    expectWithinDiscordLimits(body);
  });

  it("mentions a linked creator without pinging them about their own battle", () => {
    const world = createSandboxWorld();
    const alice = userOf(world, 0);
    const body = renderEvent(readEvent("battle.created", world.data("battle.created")), {
      mentions: new Map([[alice.id, "123456789012345678"]]),
    });
    expect(body.embeds?.[0]?.description).toContain("<@123456789012345678> opened a battle");
    expectPingsExactly(body, []);
  });

  it("leaves out the Join button for a battle id too long for a custom id", () => {
    const world = createSandboxWorld();
    const data = world.data("battle.created", { id: "b".repeat(120) });
    const body = renderEvent(readEvent("battle.created", data), noMentions);
    expect(body.components).toBeUndefined();
    expectWithinDiscordLimits(body);
  });
});

describe("battle.started", () => {
  it("lists the players with their ratings, says when it ends and pings the linked ones", () => {
    const world = createSandboxWorld();
    const [alice, bob] = [userOf(world, 0), userOf(world, 1)];
    const body = renderEvent(readEvent("battle.started", world.data("battle.started")), {
      mentions: new Map([[bob.id, "222222222222222222"]]),
    });
    const players = body.embeds?.[0]?.fields?.find((field) => field.name.startsWith("Players"));
    expect(players?.value).toContain(`${alice.username} (${String(alice.rating)})`);
    expect(players?.value).toContain("<@222222222222222222>");
    expect(body.embeds?.[0]?.description).toMatch(/ends <t:\d+:R>/);
    expectPingsExactly(body, ["222222222222222222"]);
  });

  it("cuts a list of 400 players between lines", () => {
    const participants = manyPlayers(400).map((player) => ({ ...player, rating: 1500 }));
    const body = renderEvent(readEvent("battle.started", { id: "bat_big", participants }), {
      mentions: linkEveryone(participants.map((player) => player.user_id)),
    });
    expectWithinDiscordLimits(body);
    const players = body.embeds?.[0]?.fields?.find((field) => field.name.startsWith("Players"));
    expect(players?.name).toBe("Players (400)");
    expect(players?.value).toMatch(/\n…and \d+ more$/);
  });
});

describe("battle.submission", () => {
  it("gives the submitter, score, tests and language, pinging nobody", () => {
    const world = createSandboxWorld();
    const alice = userOf(world, 0);
    const body = renderEvent(readEvent("battle.submission", world.data("battle.submission")), {
      mentions: new Map([[alice.id, "123456789012345678"]]),
    });
    const text = textOf(body);
    expect(text).toContain("<@123456789012345678> submitted a solution in battle `bat_test`");
    expect(text).toContain("100 pts");
    expect(text).toContain("5/5 passed");
    expect(text).toContain("Python");
    expectPingsExactly(body, []);
  });
});
