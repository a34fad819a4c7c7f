import { describe, expect, it } from "vitest";
import {
  buildBattleButtonId,
  buildCodeModalId,
  readBattleButton,
  readCodeModalId,
} from "../../src/cards/battle-custom-ids.js";
import { battleCommand } from "../../src/commands/battle/data.js";

describe("custom ids", () => {
  it("round-trips every battle button and the code form", () => {
    const buttons = [
      { action: "join", battleId: "bat_1" },
      { action: "submit", battleId: "bat:with:colons" },
      { action: "accept", battleId: "bat_1", opponentId: "123456789012345678" },
      { action: "decline", battleId: "bat_2", opponentId: "123456789012345678" },
    ] as const;
    for (const button of buttons) {
      const params = buildBattleButtonId(button).split(":").slice(1);
      expect(readBattleButton(params)).toEqual(button);
    }
    expect(readCodeModalId(buildCodeModalId("bat_3").split(":").slice(1))).toBe("bat_3");
    expect(readBattleButton(["join"])).toBeUndefined();
    expect(readBattleButton(["explode", "bat_1"])).toBeUndefined();
  });

  it("refuses a battle id too long for Discord's 100-character custom ids", () => {
    expect(() => buildBattleButtonId({ action: "join", battleId: "x".repeat(95) })).toThrow(/too long/);
  });

  it("fits the longest battle id a member can type on every button and form", () => {
    const options: readonly { readonly name: string; readonly max_length?: number }[] =
      battleCommand.options.flatMap(
        (subcommand): readonly { readonly name: string; readonly max_length?: number }[] =>
          "options" in subcommand ? subcommand.options : [],
      );
    const idOptions = options.filter((option) => option.name === "id");
    expect(idOptions.length).toBeGreaterThan(0);
    for (const option of idOptions) {
      const battleId = "b".repeat(option.max_length ?? 0);
      expect(battleId.length).toBeGreaterThan(0);
      // A Discord user id has at most 20 digits.
      const opponentId = "9".repeat(20);
      expect(() => buildCodeModalId(battleId)).not.toThrow();
      for (const action of ["join", "submit"] as const)
        expect(() => buildBattleButtonId({ action, battleId })).not.toThrow();
      for (const action of ["accept", "decline"] as const)
        expect(() => buildBattleButtonId({ action, battleId, opponentId })).not.toThrow();
    }
  });
});
