import { describe, expect, it } from "vitest";
import { suggestFreeMemberName } from "../../playground/web/free-member-name.js";

describe("the example name Add a member offers", () => {
  it("is the first example nobody has, then a numbered one nobody has", () => {
    expect(suggestFreeMemberName(new Set(["alice", "dave"]))).toBe("dana");
    expect(suggestFreeMemberName(new Set(["dana", "eli"]))).toBe("finn");
    const examples = ["dana", "eli", "finn", "gwen", "hugo", "iris", "jude", "kira", "liam", "mona"];
    expect(suggestFreeMemberName(new Set([...examples, "member_2"]))).toBe("member_3");
  });
});
