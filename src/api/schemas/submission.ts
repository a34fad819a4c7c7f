import { z } from "zod";
import { numberSchema, optional, pickAlias } from "./primitives.js";
import type { Language } from "./vocabulary.js";

// Submission shapes of the platform's API reference, "Resources › Submission": shape A (`id`, `testCases`
// counts,
// `memoryUsed`) and shape B (`submissionId`, `testResults` per case) become one Submission.

export interface SubmissionInput {
  readonly language: Language;
  readonly code: string;
}

export interface TestCaseCounts {
  readonly passed: number;
  readonly failed: number;
  readonly total: number;
}

export interface TestResult {
  readonly input: string;
  readonly expected: string;
  readonly actual: string;
  readonly passed: boolean;
}

export interface Submission {
  readonly id: string;
  /** `accepted`, `testing`, … */
  readonly status: string;
  readonly score: number | undefined;
  /** Milliseconds (assumed). */
  readonly executionTime: number | undefined;
  /** Kilobytes (assumed); shape A only. */
  readonly memoryUsed: number | undefined;
  /** Shape A's counts, or counted from shape B's `testResults`. */
  readonly testCases: TestCaseCounts | undefined;
  /** Shape B only. */
  readonly testResults: readonly TestResult[] | undefined;
}

const testResultSchema = z.object({
  input: z.string(),
  expected: z.string(),
  actual: z.string(),
  passed: z.boolean(),
});

export const submissionSchema: z.ZodType<Submission> = z
  .object({
    id: optional(z.string()),
    submissionId: optional(z.string()),
    status: z.string(),
    score: optional(numberSchema),
    executionTime: optional(numberSchema),
    memoryUsed: optional(numberSchema),
    testCases: optional(z.object({ passed: numberSchema, failed: numberSchema, total: numberSchema })),
    testResults: optional(z.array(testResultSchema)),
  })
  .transform((raw, context): Submission => {
    const id = pickAlias(context, { id: raw.id, submissionId: raw.submissionId });
    if (id === undefined) return z.NEVER;
    return {
      id,
      status: raw.status,
      score: raw.score,
      executionTime: raw.executionTime,
      memoryUsed: raw.memoryUsed,
      testCases: raw.testCases ?? countTestResults(raw.testResults),
      testResults: raw.testResults,
    };
  });

function countTestResults(results: readonly TestResult[] | undefined): TestCaseCounts | undefined {
  if (results === undefined) return undefined;
  const passed = results.filter((result) => result.passed).length;
  return { passed, failed: results.length - passed, total: results.length };
}
