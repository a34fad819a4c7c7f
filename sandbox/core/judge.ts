// The stand-in judge. It never runs code; the outcome is a pure function of (problem, language, code):
//   1. code that is empty or only whitespace passes no test;
//   2. code containing the word FAIL passes no test; otherwise code containing the word PASS passes all;
//   3. otherwise h = SHA-256(problemId + "\n" + language + "\n" + code) and passed = h[0] mod (total + 1).
// total is 5 / 8 / 10 tests for easy / medium / hard; score = round(100 × passed / total);
// executionTime = 5 + (h[1]·256 + h[2]) mod 995 ms; memoryUsed = 1024 + (h[3]·256 + h[4]) mod 64512 KB.
// Tests 1..passed pass and the rest fail, so the same submission always gets the same result.
import { createHash } from "node:crypto";
import type { Difficulty, Problem, TestResult } from "../state.js";

export const testsPerDifficulty: Readonly<Record<Difficulty, number>> = { easy: 5, medium: 8, hard: 10 };

export interface Verdict {
  passed: number;
  total: number;
  score: number;
  executionTime: number;
  memoryUsed: number;
  testResults: TestResult[];
}

export function judgeSubmission(problem: Problem, language: string, code: string): Verdict {
  const total = testsPerDifficulty[problem.difficulty];
  const hash = createHash("sha256").update(`${problem.id}\n${language}\n${code}`, "utf8").digest();
  const byte = (index: number): number => hash[index] ?? 0;
  const passed = countPassed(code, total, byte(0));
  return {
    passed,
    total,
    score: Math.round((100 * passed) / total),
    executionTime: 5 + ((byte(1) * 256 + byte(2)) % 995),
    memoryUsed: 1024 + ((byte(3) * 256 + byte(4)) % 64_512),
    testResults: Array.from({ length: total }, (_, index) => renderTest(problem, index, index < passed)),
  };
}

function countPassed(code: string, total: number, firstHashByte: number): number {
  if (code.trim() === "" || /\bFAIL\b/.test(code)) return 0;
  if (/\bPASS\b/.test(code)) return total;
  return firstHashByte % (total + 1);
}

function renderTest(problem: Problem, index: number, passed: boolean): TestResult {
  const expected = `${problem.id}:output-${index + 1}`;
  return {
    input: `${problem.id}:input-${index + 1}`,
    expected,
    actual: passed ? expected : `${problem.id}:wrong-${index + 1}`,
    passed,
  };
}
