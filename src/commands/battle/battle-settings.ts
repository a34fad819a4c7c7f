import {
  battleTypes,
  difficulties,
  languages,
  type BattleCreateInput,
  type BattleType,
  type Difficulty,
  type Language,
} from "../../api/index.js";
import type { BattleOptionsOf } from "./battle-arguments.js";

/** What a member leaves out of `/battle create` or `/battle challenge`. */
export const battleDefaults = {
  type: "realtime",
  difficulty: "medium",
  language: "python",
  participants: 2,
  timeLimitMinutes: 60,
} as const satisfies {
  type: BattleType;
  difficulty: Difficulty;
  language: Language;
  participants: number;
  timeLimitMinutes: number;
};

/** The settings `/battle create` takes; `/battle challenge`'s options fit too (the same, less participants). */
export type BattleOptions = BattleOptionsOf<"create">;

function pick<Value extends string>(allowed: readonly Value[], value: string | undefined): Value | undefined {
  return allowed.find((candidate) => candidate === value);
}

export function readDifficulty(value: string | undefined): Difficulty | undefined {
  return pick(difficulties, value);
}

export function readLanguage(value: string | undefined): Language | undefined {
  return pick(languages, value);
}

/**
 * The create request for the options a member gave. The time limit is asked in minutes and sent in seconds
 * (the unit assumed in src/api/assumptions.ts); a chosen problem's own difficulty wins over the default.
 */
export function readBattleSettings(
  options: BattleOptions,
  problemDifficulty?: Difficulty,
): BattleCreateInput {
  const problemId = options.problem?.trim();
  return {
    type: pick(battleTypes, options.type) ?? battleDefaults.type,
    difficulty: readDifficulty(options.difficulty) ?? problemDifficulty ?? battleDefaults.difficulty,
    language: readLanguage(options.language) ?? battleDefaults.language,
    timeLimit: (options["time-limit"] ?? battleDefaults.timeLimitMinutes) * 60,
    participants: options.participants ?? battleDefaults.participants,
    problemId: problemId === "" ? undefined : problemId,
  };
}
