// POST /v1/battles/{id}/submit. Shape A is the REST reference's answer, shape B the API reference's;
// the stand-in judge (core/judge.ts) scores synchronously, so both carry the final score.
import { z } from "zod";
import { languages, submitToBattle } from "../core/battles.js";
import { requireBattle } from "../core/lookups.js";
import { defineRoute } from "./define.js";
import { idParams } from "./schemas.js";

/** The spec gives no limit on code size; 64 KiB here. */
export const maxCodeLength = 65_536;

const submittedA = z.object({
  id: z.string(),
  status: z.string(),
  score: z.number().int(),
  executionTime: z.number().int(),
  memoryUsed: z.number().int(),
  testCases: z.object({ passed: z.number().int(), failed: z.number().int(), total: z.number().int() }),
});
const submittedB = z.object({
  submissionId: z.string(),
  status: z.string(),
  testResults: z.array(
    z.object({ input: z.string(), expected: z.string(), actual: z.string(), passed: z.boolean() }),
  ),
  score: z.number().int(),
  executionTime: z.number().int(),
});

export const submitRoute = defineRoute({
  method: "POST",
  url: "/v1/battles/:id/submit",
  level: "write",
  params: idParams,
  body: z.object({ language: z.enum(languages), code: z.string().max(maxCodeLength) }),
  response: z.union([submittedA, submittedB]),
  handle: (deps, { params, body, user, shape, cause }) => {
    const submission = submitToBattle(deps, cause, requireBattle(deps.state, params.id), user, body);
    if (shape === "A") {
      return {
        id: submission.id,
        status: "accepted",
        score: submission.score,
        executionTime: submission.executionTime,
        memoryUsed: submission.memoryUsed,
        testCases: {
          passed: submission.passed,
          failed: submission.total - submission.passed,
          total: submission.total,
        },
      };
    }
    return {
      submissionId: submission.id,
      status: "testing",
      testResults: submission.testResults,
      score: submission.score,
      executionTime: submission.executionTime,
    };
  },
});
