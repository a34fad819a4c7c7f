import { describe, expect, it } from "vitest";
import { plainLabel, plainText } from "../../src/display/platform-text.js";
import { expectInert, hostileTexts } from "../support/hostile-text.js";

/** What Discord shows for escaped text: each backslash escape as its character, zero-width spaces unseen. */
function shown(markdown: string): string {
  return markdown.replace(/\\([^A-Za-z0-9\s])/g, "$1").replace(/\u200b/g, "");
}

describe("plainText", () => {
  it.each(hostileTexts)("leaves nothing active in %j", (hostile) => {
    expectInert(plainText(hostile));
    expectInert(plainText(hostile, { multiline: true, maxLength: 2000 }));
  });

  it("escapes a masked link and breaks its URL", () => {
    expect(plainText("[Claim your prize](https://evil.example)")).toBe(
      "\\[Claim your prize\\](https:\u200b//evil.example)",
    );
  });

  it("escapes headings, subtext, block quotes and list markers at the start of every line of prose", () => {
    const text = "# big\n-# small\n> quote\n- dash\n* star\n1. one\n  ## indented";
    expect(plainText(text, { multiline: true })).toBe(
      "\\# big\n\\-# small\n\\> quote\n\\- dash\n\\* star\n1\\. one\n  \\## indented",
    );
  });

  it("turns a name's line breaks into spaces so it cannot start a line", () => {
    expect(plainText("eve\n# admin")).toBe("eve # admin");
  });

  it("escapes emphasis, spoilers and code, fences included", () => {
    expect(plainText("**b** __u__ ~~s~~ ||x|| ```js")).toBe(
      "\\*\\*b\\*\\* \\_\\_u\\_\\_ \\~\\~s\\~\\~ \\|\\|x\\|\\| \\`\\`\\`js",
    );
  });

  it("breaks mentions, timestamps, commands and custom emoji", () => {
    for (const pill of [
      "<@123>",
      "<@!123>",
      "<@&123>",
      "<#123>",
      "<t:0:R>",
      "</cmd:1>",
      "<:x:1>",
      "<a:x:1>",
    ]) {
      expect(plainText(pill)).toBe(`<\u200b${pill.slice(1)}`);
    }
    expect(plainText("@everyone @Here")).toBe("@\u200beveryone @\u200bHere");
  });

  it("removes bidi overrides and zero-width characters so nothing is reordered or hidden", () => {
    expect(plainText("\u202eevil\u202c \u2066x\u2069 a\u200bb\u200c\u200e\u200f\ufeff")).toBe("evil x ab");
  });

  it("keeps the zero-width joiner inside an emoji sequence, and emoji as they are", () => {
    for (const emoji of ["👩‍💻", "👨‍👩‍👧", "🏳️‍🌈", "👩🏽‍💻", "🔥"]) expect(plainText(emoji)).toBe(emoji);
    expect(plainText("a\u200db")).toBe("ab");
  });

  it("reads naturally for ordinary names", () => {
    for (const name of [
      "snake_case_fan",
      "C++ lover",
      "Zoë 🔥 #1",
      "x-ray",
      "a > b",
      "-5 points",
      "Bob (2)",
    ]) {
      expect(shown(plainText(name))).toBe(name);
    }
    expect(plainText("C++")).toBe("C++");
  });

  it("cuts long text before escaping it", () => {
    expect(plainText("a".repeat(300)).length).toBe(256);
    expect(plainText("a".repeat(3000), { maxLength: 2000 }).length).toBe(2000);
  });
});

describe("plainLabel", () => {
  it("removes invisible controls and line breaks and fits the limit, without markdown escapes", () => {
    expect(plainLabel("\u202eC++_fan\nx", 80)).toBe("C++_fan x");
    expect(plainLabel("b".repeat(100), 80)).toHaveLength(80);
  });

  it("fits the limit with the invisible spaces that break links and mentions counted", () => {
    const title = `Spring Open 2026 — rules and prizes at https://example.com/spring-open-2026-rule`;
    expect(title).toHaveLength(80);
    const label = plainLabel(title, 80);
    expect(label).toHaveLength(80);
    expect(label).toBe(
      `Spring Open 2026 — rules and prizes at https:\u200b//example.com/spring-open-2026-ru…`,
    );
    const crowded = plainLabel("<@1> @everyone ".repeat(10), 100);
    expect(crowded.length).toBeLessThanOrEqual(100);
    expect(crowded).not.toMatch(/<@|@everyone/);
    expect(crowded.endsWith("…")).toBe(true);
    expect(crowded.match(/…/g)).toHaveLength(1);
  });
});
