import { describe, expect, it } from "vitest";
import { chooseTournaments } from "../../../src/commands/tournament/tournament-autocomplete.js";
import { discordLimits } from "../../../src/discord/discord-limits.js";
import { makeTournament } from "./fixtures.js";

describe("chooseTournaments", () => {
  const tournaments = [
    makeTournament({ id: "trn_a", title: "Weekly Sprint #42" }),
    makeTournament({ id: "trn_b", title: "Algorithms Open", participants: undefined }),
    makeTournament({ id: "trn_sprint", title: "Hardcore Invitational" }),
  ];

  it("matches what was typed against titles and ids, ignoring case", () => {
    expect(chooseTournaments(tournaments, "SPRINT").map((choice) => choice.value)).toEqual([
      "trn_a",
      "trn_sprint",
    ]);
    expect(chooseTournaments(tournaments, "").map((choice) => choice.value)).toEqual([
      "trn_a",
      "trn_b",
      "trn_sprint",
    ]);
  });

  it("names each choice by title, status and seats; the value is the id", () => {
    expect(chooseTournaments(tournaments, "trn_")).toEqual([
      { name: "Weekly Sprint #42 (open, 2/64)", value: "trn_a" },
      { name: "Algorithms Open (open)", value: "trn_b" },
      { name: "Hardcore Invitational (open, 2/64)", value: "trn_sprint" },
    ]);
  });

  it("names by its id a tournament whose title shows nothing", () => {
    const blank = ["", "  ", "\u200b"].map((title, index) => makeTournament({ id: `trn_${index}`, title }));
    expect(chooseTournaments(blank, "").map((choice) => choice.name)).toEqual([
      "trn_0 (open, 2/64)",
      "trn_1 (open, 2/64)",
      "trn_2 (open, 2/64)",
    ]);
  });

  it("keeps within Discord's choice limits", () => {
    const many = Array.from({ length: 40 }, (_, index) =>
      makeTournament({ id: `trn_${index}`, title: "T".repeat(300) }),
    );
    const choices = chooseTournaments([makeTournament({ id: "i".repeat(101) }), ...many], "");
    expect(choices).toHaveLength(discordLimits.autocompleteChoices);
    expect(choices.every((choice) => choice.name.length <= discordLimits.choiceName)).toBe(true);
    expect(choices.map((choice) => choice.value)).not.toContain("i".repeat(101));
  });

  it("keeps within the choice name's limit when a long title's links and mentions are broken", () => {
    const title = `Weekly Algorithms Championship, Season 3 Finals (Div. 1 & 2) — details: https://example.com/x <@&1>`;
    const [choice] = chooseTournaments([makeTournament({ id: "trn_long", title })], "");
    expect(choice?.name.length).toBeLessThanOrEqual(discordLimits.choiceName);
    expect(choice?.name).toContain("https:\u200b//");
  });
});
