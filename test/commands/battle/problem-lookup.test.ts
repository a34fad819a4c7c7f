// `/battle create problem:` without a difficulty looks the problem up to take its difficulty
// (src/commands/battle/prepare-battle.ts). GET /problems has no lookup by id, so five pages are read: a
// problem not in a list read to its end does not exist, but one not in the first five pages may, and the
// member is asked for its difficulty instead of told it does not exist. Against the platform fixture on
// 127.0.0.1.
import { describe, expect, it } from "vitest";
import { resolveBattleSettings } from "../../../src/commands/battle/prepare-battle.js";
import { getMemberSession } from "../../../src/linking/member-credential.js";
import { testDatabases, useMigratedStore } from "../../store/databases.js";
import { actor, useLinkedMember } from "../support/linked-member.js";

function problemPage(from: number, count: number, more: boolean) {
  const problems = Array.from({ length: count }, (_, index) => ({
    id: `prob_${String(from + index)}`,
    title: `Warm-up ${String(from + index)}`,
    difficulty: "easy",
  }));
  return { body: { problems, hasMore: more } };
}

describe.each(testDatabases().slice(0, 1))("looking a battle's problem up on $name", (database) => {
  const store = useMigratedStore(database);
  const linked = useLinkedMember(store);
  const resolve = async (problem: string) => {
    return resolveBattleSettings(linked.deps, await getMemberSession(linked.deps, actor), { problem });
  };

  it("takes the difficulty of a problem found on a later page", async () => {
    linked.platform.queueReplies(problemPage(1, 100, true), {
      body: { problems: [{ id: "prob_graph", title: "Graph Walk", difficulty: "hard" }], hasMore: false },
    });
    await expect(resolve("prob_graph")).resolves.toMatchObject({
      problemId: "prob_graph",
      difficulty: "hard",
    });
  });

  it("says a problem missing from the whole list does not exist", async () => {
    linked.platform.queueReplies(problemPage(1, 100, true), problemPage(101, 30, false));
    await expect(resolve("prob_nowhere")).rejects.toMatchObject({ code: "unknown_problem" });
  });

  it("asks for the difficulty of a problem past the pages it reads, rather than call it unknown", async () => {
    linked.platform.queueReplies(...[1, 101, 201, 301, 401].map((from) => problemPage(from, 100, true)));
    const refusal = resolve("prob_900");
    await expect(refusal).rejects.toMatchObject({ code: "problem_not_found_nearby" });
    await expect(refusal).rejects.toThrow(/difficulty:/);
  });
});
