import { describe, expect, it } from "vitest";
import { listProblems } from "../../src/api/problems.js";
import { createFixtureClient, credential, usePlatformFixture } from "./platform-fixture.js";

const fixture = usePlatformFixture();

// The answer of GET /problems is "not shown"; these are the two forms the client assumes.
describe("listProblems", () => {
  it("reads a cursor-paged answer and passes the cursor on", async () => {
    fixture.shape = "A";
    const { http } = createFixtureClient(fixture);
    const page = await listProblems(http, credential, { limit: 25, cursor: "cursor_1" });
    expect(Object.fromEntries(fixture.requests[0]?.query ?? [])).toEqual({ limit: "25", cursor: "cursor_1" });
    expect(page).toEqual({
      problems: [{ id: "prob_two_sum", title: "Two Sum", difficulty: "medium" }],
      nextCursor: "cursor_2",
      hasMore: undefined,
      total: undefined,
    });
  });

  it("reads an offset-paged answer with hasMore", async () => {
    fixture.shape = "B";
    const { http } = createFixtureClient(fixture);
    const page = await listProblems(http, credential, { offset: 50 });
    expect(fixture.requests[0]?.query.get("offset")).toBe("50");
    expect(page.problems[0]?.id).toBe("prob_lru");
    expect(page.hasMore).toBe(false);
    expect(page.nextCursor).toBeUndefined();
  });
});
