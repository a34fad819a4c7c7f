import { describe, expect, it } from "vitest";
import { readBattleSettings } from "../../../src/commands/battle/battle-settings.js";
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
