import { describe, expect, it } from "vitest";
import { renderSubmissionResult } from "../../../src/commands/battle/submission-result.js";

describe("renderSubmissionResult", () => {
  it("shows status, score, tests passed, time in ms and memory in KB (shape A)", () => {
    const reply = renderSubmissionResult({
      battleId: "bat_1",
      language: "python",
      submission: {
        id: "sub_1",
        status: "accepted",
        score: 80,
        executionTime: 1234,
        memoryUsed: 20480,
        testCases: { passed: 4, failed: 1, total: 5 },
        testResults: undefined,
      },
    });
    expect(reply.ephemeral).toBe(true);
    const embed = reply.embeds?.[0];
    expect(embed?.title).toBe("Submission accepted — Python");
    expect(embed?.fields?.map((field) => `${field.name}: ${field.value}`)).toEqual([
      "Status: accepted",
      "Score: 80/100",
      "Tests: 4/5 passed",
      "Time: 1,234 ms",
      "Memory: 20,480 KB",
    ]);
    expect(embed?.footer?.text).toBe("Submission sub_1 · battle bat_1");
  });

  it("shows the first failing test of a shape B answer, fenced safely", () => {
    const reply = renderSubmissionResult({
      battleId: "bat_1",
      language: "cpp",
      submission: {
        id: "sub_2",
        status: "testing",
        score: 50,
        executionTime: 7,
        memoryUsed: undefined,
        testCases: { passed: 1, failed: 1, total: 2 },
        testResults: [
          { input: "1", expected: "1", actual: "1", passed: true },
          { input: "```2", expected: "4", actual: "5", passed: false },
        ],
      },
    });
    const fields = reply.embeds?.[0]?.fields ?? [];
    expect(fields.map((field) => field.name)).not.toContain("Memory");
    const failing = fields.find((field) => field.name === "First failing test")?.value ?? "";
    expect(failing).toContain("expected: 4");
    expect(failing).toContain("got:      5");
    expect(failing.match(/```/g)).toHaveLength(2);
  });
});
