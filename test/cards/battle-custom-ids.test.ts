import { describe, expect, it } from "vitest";
import {
  buildBattleButtonId,
  buildCodeModalId,
  readBattleButton,
  readCodeModalId,
} from "../../src/cards/battle-custom-ids.js";

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
});
