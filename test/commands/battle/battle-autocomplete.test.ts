import { describe, expect, it } from "vitest";
import { toChoices } from "../../../src/commands/battle/battle-autocomplete.js";
import { discordLimits } from "../../../src/discord/discord-limits.js";

describe("battle autocomplete choices", () => {
  it("names a choice whose name is blank by its value, as Discord refuses an empty name", () => {
    expect(
      toChoices([
        { name: "", value: "prb_1" },
        { name: " \u200b ", value: "prb_2" },
      ]),
    ).toEqual([
      { name: "prb_1", value: "prb_1" },
      { name: "prb_2", value: "prb_2" },
    ]);
  });

  it("keeps every name within Discord's limit as one line without controls, and drops unusable values", () => {
    const choices = toChoices([
      { name: `${"Two Sum ".repeat(20)}https://example.com`, value: "prb_long" },
      { name: "\u202eSum\nof two", value: "prb_2" },
      { name: "Too long an id", value: "p".repeat(discordLimits.choiceValue + 1) },
      { name: "No id", value: "" },
    ]);
    expect(choices.map((choice) => choice.value)).toEqual(["prb_long", "prb_2"]);
    expect(choices[0]?.name.length).toBeLessThanOrEqual(discordLimits.choiceName);
    expect(choices[1]?.name).toBe("Sum of two");
  });
});
