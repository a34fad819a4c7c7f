// The platform refuses a battle's problem id when the problem is not of the battle's difficulty (400 on the
// problem's field). With `difficulty:` given the member is told the two must match and how; without it the
// difficulty was the problem's own, so the refusal is told as any other (src/commands/battle/prepare-battle.ts).
import { describe, expect, it } from "vitest";
import { PlatformError } from "../../../src/api/errors.js";
import { createBattleWith } from "../../../src/commands/battle/prepare-battle.js";
import { UserFacingError } from "../../../src/discord/user-facing-error.js";
import { testDatabases, useMigratedStore } from "../../store/databases.js";
import { useLinkedMember } from "../support/linked-member.js";

const refusedProblem = {
  status: 400,
  body: {
    error: {
      code: "VALIDATION_ERROR",
      message: "no hard problem has this id",
      details: { field: "problemId" },
      requestId: "req_mismatch",
    },
  },
};
const settings = {
  type: "realtime",
  difficulty: "hard",
  language: "python",
  timeLimit: 1800,
  participants: 2,
  problemId: "prb_easy_02",
} as const;
const credential = { token: "key_write_0123456789" };

describe.each(testDatabases().slice(0, 1))(
  "a problem refused for the battle's difficulty on $name",
  (database) => {
    const store = useMigratedStore(database);
    const linked = useLinkedMember(store);

    it("says the problem and the difficulty given must match, and how", async () => {
      linked.platform.queueReplies(refusedProblem);
      const error = await createBattleWith(linked.deps.platform, credential, settings, {
        difficulty: "hard",
      }).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(UserFacingError);
      expect(error).toMatchObject({ code: "problem_difficulty_mismatch" });
      expect((error as Error).message).toContain("leave `difficulty:` out to take the problem's own");
      expect((error as Error).message).toContain("Request id: `req_mismatch`");
    });

    it("tells the refusal as any other when the difficulty was the problem's own", async () => {
      linked.platform.queueReplies(refusedProblem);
      // No `difficulty:` option: the settings took the problem's own.
      const error = await createBattleWith(linked.deps.platform, credential, settings, {}).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(PlatformError);
      expect(error).toMatchObject({ status: 400, requestId: "req_mismatch" });
    });
  },
);
