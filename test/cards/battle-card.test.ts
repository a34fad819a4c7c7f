import { describe, expect, it } from "vitest";
import { renderBattleCard, type BattleCardView } from "../../src/cards/battle-card.js";
import { withBattleProgress } from "../../src/cards/battle-progress.js";
import { normaliseMessage } from "../../src/discord/message-limits.js";

const view: BattleCardView = {
  battleId: "bat_1",
  status: "waiting",
  type: "realtime",
  problem: { title: "Two Sum", difficulty: "easy" },
  language: "cpp",
  timeLimit: 1800,
  maxParticipants: 2,
  participants: [],
  createdBy: "111111111111111111",
};

function buttonsOf(reply: ReturnType<typeof renderBattleCard>) {
  return (reply.components ?? []).flatMap((row) =>
    "components" in row ? (row.components as { custom_id?: string; disabled?: boolean }[]) : [],
  );
}

describe("renderBattleCard", () => {
  it("shows the problem, settings, status and players, with Join and Submit buttons", () => {
    const card = renderBattleCard(view);
    const embed = card.embeds?.[0];
    expect(embed?.title).toBe("⚔️ Two Sum");
    expect(embed?.description).toContain("<@111111111111111111>");
    expect(embed?.description).toContain(
      "Each submission is scored 0–100: the share of the problem's tests it passes.",
    );
    expect(embed?.footer?.text).toBe("Battle bat_1");
    const fields = Object.fromEntries((embed?.fields ?? []).map((field) => [field.name, field.value]));
    expect(fields).toMatchObject({
      Difficulty: "easy",
      Type: "realtime",
      Language: "C++",
      "Time limit": "30m",
      Status: "⏳ Waiting for players",
    });
    expect(fields.Players).toContain("0/2");
    expect(buttonsOf(card).map((button) => [button.custom_id, button.disabled])).toEqual([
      ["battle:join:bat_1", false],
      ["battle:submit:bat_1", false],
    ]);
    expect(card.allowed_mentions).toEqual({ parse: [] });
  });

  it("greys out Join when every seat is taken, and both buttons once the battle is over", () => {
    const full = renderBattleCard({
      ...view,
      status: "active",
      endsAt: Date.UTC(2026, 0, 1, 12),
      participants: [{ name: "alice" }, { name: "bob" }],
    });
    expect(buttonsOf(full).map((button) => button.disabled)).toEqual([true, false]);
    expect(full.embeds?.[0]?.fields?.find((field) => field.name === "Status")?.value).toBe(
      `🟢 Live — ends <t:${Date.UTC(2026, 0, 1, 12) / 1000}:R>`,
    );
    const over = renderBattleCard({
      ...view,
      status: "completed",
      winner: "alice",
      participants: [
        { name: "alice", rank: 1, score: 100 },
        { name: "bob", rank: 1, score: 100 },
      ],
    });
    expect(buttonsOf(over).map((button) => button.disabled)).toEqual([true, true]);
    expect(JSON.stringify(over.embeds)).toContain("winner **alice**");
    // Each rank as the platform gave it, tied ones too: not a Markdown list, which Discord numbers 1, 2, 3.
    expect(over.embeds?.[0]?.fields?.find((field) => field.name === "Players")?.value).toBe(
      "**2/2** seats taken\n#1 alice — 100 pts\n#1 bob — 100 pts",
    );
  });

  it("leaves out what an event did not say, and still fits Discord's limits with a crowd of players", () => {
    const crowd = Array.from({ length: 500 }, (_, index) => ({ name: `player-with-a-long-name-${index}` }));
    const card = renderBattleCard({ battleId: "bat_2", status: "active", participants: crowd });
    const embed = card.embeds?.[0];
    expect(embed?.title).toBe("⚔️ Coding battle");
    expect(embed?.fields?.map((field) => field.name)).toEqual(["Status", "Players"]);
    const players = embed?.fields?.[1]?.value ?? "";
    expect(players.length).toBeLessThanOrEqual(1024);
    expect(players).toMatch(/…and \d+ more$/);
    // Already within Discord's limits: the normaliser cuts nothing (it only adds its mention policy).
    const normalised = normaliseMessage(card);
    expect(normalised.embeds).toEqual(card.embeds);
    expect(normalised.components).toEqual(card.components);
  });
});

describe("card helpers", () => {
  it("brings status and players up to date and keeps every other field", () => {
    const embed = renderBattleCard(view).embeds?.[0] ?? {};
    const updated = withBattleProgress(embed, {
      status: "active",
      participants: [{ name: "alice" }, { name: "bob" }],
      maxParticipants: 2,
    });
    expect(updated.fields?.map((field) => field.name)).toEqual(embed.fields?.map((field) => field.name));
    expect(updated.fields?.find((field) => field.name === "Players")?.value).toBe(
      "**2/2** seats taken\n• alice\n• bob",
    );
    expect(updated.fields?.find((field) => field.name === "Language")?.value).toBe("C++");
    expect(updated.color).not.toBe(embed.color);
  });
});
