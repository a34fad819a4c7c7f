// `/battle create|challenge problem:` suggestions read GET /problems page after page (find-problem.ts) until
// 25 match what the member typed, so a problem past the first 100 is suggested as it is found by id. Against a
// platform on 127.0.0.1 whose list spans pages.
import { ApplicationCommandOptionType, InteractionType } from "discord-api-types/v10";
import { describe, expect, it } from "vitest";
import { completeBattleOption } from "../../../src/commands/battle/battle-autocomplete.js";
import type { AutocompleteContext } from "../../../src/discord/interaction-handlers.js";
import { testDatabases, useMigratedStore } from "../../store/databases.js";
import { actor, useLinkedMember } from "../support/linked-member.js";

function problemPage(from: number, count: number, more: boolean) {
  const problems = Array.from({ length: count }, (_, index) => {
    const number = from + index;
    return { id: `prob_${String(number)}`, title: `Warm-up ${String(number)}`, difficulty: "easy" };
  });
  return { body: { problems, hasMore: more, total: 230 } };
}

function typing(value: string): AutocompleteContext {
  return {
    actor,
    subcommand: "create",
    focused: { name: "problem", value },
    interaction: {
      type: InteractionType.ApplicationCommandAutocomplete,
      data: {
        options: [
          {
            type: ApplicationCommandOptionType.Subcommand,
            name: "create",
            options: [{ type: ApplicationCommandOptionType.String, name: "problem", value, focused: true }],
          },
        ],
      },
    },
  } as unknown as AutocompleteContext;
}

describe.each(testDatabases().slice(0, 1))("problem suggestions on $name", (database) => {
  const store = useMigratedStore(database);
  const linked = useLinkedMember(store);
  /** The offsets of the problem pages asked for, in order. */
  const problemOffsets = () =>
    linked.platform.requests
      .filter((request) => request.path === "/v1/problems")
      .map((request) => request.query.get("offset"));

  it("reads further pages for a title past the first 100", async () => {
    linked.platform.queueReplies(problemPage(1, 100, true), problemPage(101, 100, true), {
      body: { problems: [{ id: "prob_graph", title: "Graph Walk", difficulty: "hard" }], hasMore: false },
    });
    const choices = await completeBattleOption(linked.deps, typing("graph"));
    expect(choices).toEqual([{ name: "Graph Walk · hard", value: "prob_graph" }]);
    expect(problemOffsets()).toEqual(["0", "100", "200"]);
  });

  it("reads the next page from where a short one ended, on a platform serving fewer than 100 a page", async () => {
    // No cursor, and pages of 40 (the bounds of `limit` are not in the spec): nothing between is skipped.
    linked.platform.queueReplies(problemPage(1, 40, true), problemPage(41, 40, true), {
      body: { problems: [{ id: "prob_graph", title: "Graph Walk", difficulty: "hard" }], hasMore: false },
    });
    const choices = await completeBattleOption(linked.deps, typing("graph"));
    expect(choices).toEqual([{ name: "Graph Walk · hard", value: "prob_graph" }]);
    expect(problemOffsets()).toEqual(["0", "40", "80"]);
  });

  it("answers with what it found when a later page does not come within the first second", async () => {
    linked.platform.queueReplies(
      { body: { problems: [{ id: "prob_graph", title: "Graph Walk", difficulty: "hard" }], hasMore: true } },
      { hang: true },
    );
    // The platform client would wait its 5 s for the second page; the suggestions have 2 s in all.
    const choices = await completeBattleOption(linked.deps, typing("graph"));
    expect(choices).toEqual([{ name: "Graph Walk · hard", value: "prob_graph" }]);
    expect(linked.platform.requests.filter((request) => request.path === "/v1/problems")).toHaveLength(2);
  });

  it("reads the pages once for a member's keystrokes within a minute, and again after it", async () => {
    const pages = () => [
      problemPage(1, 100, true),
      { body: { problems: [{ id: "prob_graph", title: "Graph Walk", difficulty: "hard" }], hasMore: false } },
    ];
    linked.platform.queueReplies(...pages());
    for (const typed of ["g", "gr", "gra", "graph w"]) {
      const choices = await completeBattleOption(linked.deps, typing(typed));
      expect(choices).toEqual([{ name: "Graph Walk · hard", value: "prob_graph" }]);
    }
    // Discord asks at every keystroke; each read spends the member's own platform quota.
    expect(problemOffsets()).toEqual(["0", "100"]);

    // Past the minute: the list is read again.
    linked.clock.advance(60_001);
    linked.platform.queueReplies(...pages());
    await completeBattleOption(linked.deps, typing("graph"));
    expect(problemOffsets()).toEqual(["0", "100", "0", "100"]);
  });

  it("stops at the first page that gives 25 choices", async () => {
    linked.platform.queueReplies(problemPage(1, 100, true));
    const choices = await completeBattleOption(linked.deps, typing("warm"));
    expect(choices).toHaveLength(25);
    expect(choices[0]).toEqual({ name: "Warm-up 1 · easy", value: "prob_1" });
    expect(linked.platform.requests.filter((request) => request.path === "/v1/problems")).toHaveLength(1);
  });
});
