import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeEloChanges, expectedScore } from "../../sandbox/core/elo.js";
import { judgeSubmission } from "../../sandbox/core/judge.js";
import { tierForRating } from "../../sandbox/core/tiers.js";
import type { Problem } from "../../sandbox/state.js";

const medium: Problem = { id: "prb_medium_01", title: "Group Anagrams", difficulty: "medium" };

describe("the stand-in judge", () => {
  it("passes every test for code marked PASS and none for FAIL, empty or blank code", () => {
    expect(judgeSubmission(medium, "python", "# PASS").score).toBe(100);
    expect(judgeSubmission(medium, "python", "# PASS").passed).toBe(8);
    for (const code of ["# FAIL", "", "   \n", "PASS and FAIL"]) {
      expect(judgeSubmission(medium, "python", code)).toMatchObject({ passed: 0, score: 0 });
    }
  });

  it("gives the same verdict for the same submission, within bounds", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.constantFrom("javascript", "python", "java", "cpp"),
        (code, language) => {
          const verdict = judgeSubmission(medium, language, code);
          expect(judgeSubmission(medium, language, code)).toEqual(verdict);
          expect(verdict.total).toBe(8);
          expect(verdict.passed).toBeGreaterThanOrEqual(0);
          expect(verdict.passed).toBeLessThanOrEqual(8);
          expect(verdict.score).toBe(Math.round((100 * verdict.passed) / 8));
          expect(verdict.testResults.filter((test) => test.passed)).toHaveLength(verdict.passed);
          expect(verdict.executionTime).toBeGreaterThanOrEqual(5);
          expect(verdict.memoryUsed).toBeGreaterThanOrEqual(1024);
        },
      ),
    );
  });

  it("uses 5, 8 and 10 tests for easy, medium and hard problems", () => {
    for (const [difficulty, total] of [
      ["easy", 5],
      ["medium", 8],
      ["hard", 10],
    ] as const) {
      expect(judgeSubmission({ ...medium, difficulty }, "cpp", "PASS").total).toBe(total);
    }
  });
});

describe("Elo", () => {
  it("moves two equal players by half of K", () => {
    const changes = computeEloChanges([
      { userId: "a", rating: 1500, rank: 1 },
      { userId: "b", rating: 1500, rank: 2 },
    ]);
    expect([...changes.entries()]).toEqual([
      ["a", 16],
      ["b", -16],
    ]);
  });

  it("leaves a draw between equals unchanged and a solo battle unrated", () => {
    const draw = computeEloChanges([
      { userId: "a", rating: 1600, rank: 1 },
      { userId: "b", rating: 1600, rank: 1 },
    ]);
    expect([...draw.values()]).toEqual([0, 0]);
    expect(computeEloChanges([{ userId: "a", rating: 1600, rank: 1 }]).get("a")).toBe(0);
  });

  it("expects the stronger player to win more often", () => {
    expect(expectedScore(1850, 1650)).toBeCloseTo(0.76, 2);
    expect(expectedScore(1650, 1850)).toBeCloseTo(0.24, 2);
  });

  it("names tiers from bronze to grandmaster", () => {
    expect([1000, 1200, 1400, 1600, 1800, 2000, 2200].map(tierForRating)).toEqual([
      "bronze",
      "silver",
      "gold",
      "platinum",
      "diamond",
      "master",
      "grandmaster",
    ]);
  });
});
