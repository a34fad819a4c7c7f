import { plainLabel, plainText } from "../../display/platform-text.js";
import type { APIEmbedField } from "discord-api-types/v10";
import { submissionScoreMax, type Submission } from "../../api/index.js";
import type { Reply } from "../../discord/interaction-responder.js";
import { displayLanguage } from "../../display/language-name.js";

function colorFor(score: number | undefined): number {
  if (score === undefined) return 0x5865f2;
  if (score >= submissionScoreMax) return 0x2ecc71;
  return score > 0 ? 0xf1c40f : 0xe74c3c;
}

/** Test text shown in a code block: a stray fence in it would end the block early. */
function quote(text: string): string {
  return plainLabel(text.replaceAll("```", "ʼʼʼ"), 280);
}

function renderFirstFailure(submission: Submission): APIEmbedField[] {
  const failed = submission.testResults?.find((result) => !result.passed);
  if (failed === undefined) return [];
  const value = [
    "```",
    `input:    ${quote(failed.input)}`,
    `expected: ${quote(failed.expected)}`,
    `got:      ${quote(failed.actual)}`,
    "```",
  ].join("\n");
  return [{ name: "First failing test", value }];
}

/**
 * The answer to a submission: status, score (out of submissionScoreMax), tests passed, time (ms) and memory
 * (KB) (src/api/assumptions.ts).
 */
export function renderSubmissionResult(input: {
  readonly battleId: string;
  readonly language: string;
  readonly submission: Submission;
}): Reply {
  const { submission } = input;
  const tests = submission.testCases;
  const stats = [
    { name: "Status", value: plainText(submission.status) },
    {
      name: "Score",
      value: submission.score === undefined ? undefined : `${submission.score}/${submissionScoreMax}`,
    },
    { name: "Tests", value: tests === undefined ? undefined : `${tests.passed}/${tests.total} passed` },
    {
      name: "Time",
      value:
        submission.executionTime === undefined
          ? undefined
          : `${submission.executionTime.toLocaleString("en-US")} ms`,
    },
    {
      name: "Memory",
      value:
        submission.memoryUsed === undefined
          ? undefined
          : `${submission.memoryUsed.toLocaleString("en-US")} KB`,
    },
  ];
  return {
    ephemeral: true,
    embeds: [
      {
        title: `Submission ${plainText(submission.status)} — ${plainText(displayLanguage(input.language))}`,
        color: colorFor(submission.score),
        fields: [
          ...stats.flatMap(({ name, value }) => (value === undefined ? [] : [{ name, value, inline: true }])),
          ...renderFirstFailure(submission),
        ],
        footer: { text: `Submission ${plainLabel(submission.id)} · battle ${plainLabel(input.battleId)}` },
      },
    ],
  };
}
