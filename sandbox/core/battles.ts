// Battle moves (the platform's API reference, States): created `waiting`; the first successful join makes it
// `active` and starts its clock; it becomes `completed` when every seat is taken and every participant has
// submitted, when its time limit runs out, or when a control route finishes it (battle-completion.ts).
// Units: timeLimit in seconds.
import { conflict, forbidden, invalidField } from "../errors.js";
import { newId } from "../ids.js";
import type { Battle, Difficulty, Submission, User } from "../state.js";
import { battleCreatedData, battleStartedData, battleSubmissionData } from "../webhooks/event-data.js";
import { awardPerfectScore } from "./achievements.js";
import { completeBattle } from "./battle-completion.js";
import type { CoreDeps, EventCause } from "./deps.js";
import { judgeSubmission } from "./judge.js";
import { requireProblem } from "./lookups.js";
import { participantOf } from "./stats.js";

export const battleTypes = ["practice", "realtime", "quick", "arena", "team"] as const;
export const languages = ["javascript", "python", "java", "cpp"] as const;
export const difficulties = ["easy", "medium", "hard"] as const;

export interface NewBattle {
  type: string;
  difficulty: Difficulty;
  language: string;
  timeLimit: number;
  capacity: number;
  problemId: string | undefined;
}

export function createBattle(deps: CoreDeps, cause: EventCause, creator: User, input: NewBattle): Battle {
  const { state } = deps;
  const problem = selectProblem(deps, input);
  const battle: Battle = {
    id: newId("bat"),
    type: input.type,
    difficulty: input.difficulty,
    language: input.language,
    timeLimit: input.timeLimit,
    capacity: input.capacity,
    problemId: problem.id,
    creatorId: creator.id,
    status: "waiting",
    createdAt: deps.clock.now(),
    startedAt: null,
    completedAt: null,
    winnerId: null,
    participants: [],
    submissions: [],
  };
  state.battles.set(battle.id, battle);
  deps.publish("battle.created", battleCreatedData(state, battle), cause);
  return battle;
}

/** A given problem must have the battle's difficulty; otherwise the next one of that difficulty in turn. */
function selectProblem(deps: CoreDeps, input: NewBattle): { id: string } {
  const { state } = deps;
  if (input.problemId !== undefined) {
    const problem = state.problems.find((candidate) => candidate.id === input.problemId);
    if (problem?.difficulty !== input.difficulty) {
      throw invalidField("problemId", input.problemId, `no ${input.difficulty} problem has this id`);
    }
    return problem;
  }
  const pool = state.problems.filter((problem) => problem.difficulty === input.difficulty);
  const used = [...state.battles.values()].filter((battle) => battle.difficulty === input.difficulty).length;
  const problem = pool[used % Math.max(pool.length, 1)];
  if (problem === undefined)
    throw invalidField("difficulty", input.difficulty, "no problem of this difficulty");
  return problem;
}

export function joinBattle(deps: CoreDeps, cause: EventCause, battle: Battle, user: User): Battle {
  if (battle.status === "completed") throw conflict("the battle is already completed");
  if (participantOf(battle, user.id) !== undefined) throw conflict("you already joined this battle");
  if (battle.participants.length >= battle.capacity) throw conflict("the battle is full");
  const now = deps.clock.now();
  battle.participants.push({
    userId: user.id,
    joinedAt: now,
    ratingBefore: null,
    ratingAfter: null,
    rank: null,
    result: null,
  });
  if (battle.status === "waiting") {
    battle.status = "active";
    battle.startedAt = now;
    deps.publish("battle.started", battleStartedData(deps.state, battle), cause);
  }
  return battle;
}

export function submitToBattle(
  deps: CoreDeps,
  cause: EventCause,
  battle: Battle,
  user: User,
  input: { language: string; code: string },
): Submission {
  if (participantOf(battle, user.id) === undefined) throw forbidden("only participants can submit");
  if (battle.status !== "active") throw conflict(`the battle is ${battle.status}`);
  const verdict = judgeSubmission(requireProblem(deps.state, battle.problemId), input.language, input.code);
  const submission: Submission = {
    id: newId("sub"),
    battleId: battle.id,
    userId: user.id,
    language: input.language,
    score: verdict.score,
    passed: verdict.passed,
    total: verdict.total,
    executionTime: verdict.executionTime,
    memoryUsed: verdict.memoryUsed,
    testResults: verdict.testResults,
    submittedAt: deps.clock.now(),
  };
  battle.submissions.push(submission);
  deps.publish("battle.submission", battleSubmissionData(deps.state, submission), cause);
  if (submission.score === 100) awardPerfectScore(deps, cause, user, submission.submittedAt);
  if (everyoneSubmitted(battle)) completeBattle(deps, cause, battle, submission.submittedAt);
  return submission;
}

function everyoneSubmitted(battle: Battle): boolean {
  return (
    battle.participants.length === battle.capacity &&
    battle.participants.every((participant) =>
      battle.submissions.some((submission) => submission.userId === participant.userId),
    )
  );
}

/** When an active battle's time is up, in sandbox time. */
export function battleDeadline(battle: Battle): number | null {
  return battle.status === "active" && battle.startedAt !== null
    ? battle.startedAt + battle.timeLimit * 1000
    : null;
}

/** Seconds left: the full limit while waiting, 0 once completed. */
export function timeRemaining(battle: Battle, now: number): number {
  const deadline = battleDeadline(battle);
  if (battle.status === "waiting") return battle.timeLimit;
  if (deadline === null) return 0;
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}
