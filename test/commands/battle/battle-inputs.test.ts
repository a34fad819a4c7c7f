import { describe, expect, it } from "vitest";
import { readBattleSettings } from "../../../src/commands/battle/battle-settings.js";
import {
  buildBattleButtonId,
  buildCodeModalId,
  readBattleButton,
  readCodeModalId,
} from "../../../src/commands/battle/battle-custom-ids.js";
import { languageOfFile, parseLanguage } from "../../../src/commands/battle/submission-language.js";

describe("battle settings", () => {
  it("asks for minutes and sends seconds, with defaults for what was left out", () => {
    expect(readBattleSettings({ "time-limit": 30, difficulty: "hard", problem: " prb_hard_01 " })).toEqual({
      type: "realtime",
      difficulty: "hard",
      language: "python",
      timeLimit: 1800,
      participants: 2,
      problemId: "prb_hard_01",
    });
    expect(readBattleSettings({}, "easy")).toMatchObject({ difficulty: "easy", timeLimit: 3600 });
    expect(readBattleSettings({ difficulty: "medium" }, "easy").difficulty).toBe("medium");
  });
});

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

describe("languages", () => {
  it("reads a typed language or a file extension", () => {
    expect(parseLanguage(" Python ")).toBe("python");
    expect(parseLanguage("C++")).toBe("cpp");
    expect(parseLanguage("js")).toBe("javascript");
    expect(parseLanguage("rust")).toBeUndefined();
    expect(languageOfFile("Main.JAVA")).toBe("java");
    expect(languageOfFile("solution.cc")).toBe("cpp");
    expect(languageOfFile("README")).toBeUndefined();
  });
});
