import { describe, expect, it } from "vitest";
import { renderBattleCard, type BattleCardView } from "../../../src/cards/battle-card.js";
import { readCardLanguage } from "../../../src/commands/battle/read-card-language.js";

const view: BattleCardView = {
  battleId: "bat_1",
  status: "waiting",
  problem: { title: "Two Sum", difficulty: "easy" },
  language: "cpp",
  participants: [],
};

describe("readCardLanguage", () => {
  it("reads back the language the card shows, for the Submit button's form", () => {
    expect(readCardLanguage(renderBattleCard(view).embeds ?? [])).toBe("cpp");
    expect(readCardLanguage(renderBattleCard({ ...view, language: undefined }).embeds ?? [])).toBeUndefined();
    expect(readCardLanguage([])).toBeUndefined();
  });
});
