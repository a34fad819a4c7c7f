// Platform text written to turn into markup, pings, links or reordered text, and the check that whatever the
// bot renders from it stays inert (docs/architecture.md, "The rules the code keeps", "Platform text is inert").
import { expect } from "vitest";

/** One hostile string per construct, each leading its text so line-start markup is at a line's start. */
export const hostileTexts: readonly string[] = [
  "[Claim your prize](https://evil.example/claim)",
  "# big heading",
  "-# small print",
  "> quoted\n>>> all quoted",
  "- item\n* item\n1. first",
  "```js\nalert(1)\n```",
  "@everyone and @here",
  "<@&123456789012345678> role",
  "<@123456789012345678> user",
  "<#123456789012345678> channel",
  "<t:0:R> when </claim:123> <:x:123>",
  "\u202eevil\u2066 a\u200bb\ufeff\u200e\u200f",
  "https://evil.example/plain",
  "**bold** __under__ ~~strike~~ ||spoiler|| `code`",
];

/** Every piece of text a message or reply shows, wherever it sits (content, embeds, components). */
export function shownTexts(body: unknown): string[] {
  if (typeof body === "string") return [body];
  if (Array.isArray(body)) return body.flatMap(shownTexts);
  if (typeof body !== "object" || body === null) return [];
  const shown = new Set(["content", "title", "description", "name", "value", "text", "label", "placeholder"]);
  return Object.entries(body).flatMap(([key, value]) =>
    typeof value === "string" ? (shown.has(key) ? [value] : []) : shownTexts(value),
  );
}

// A `]` right before `(` that no backslash escapes would close a masked link.
const activeMaskedLink = /(?<!\\)\]\(/;
const lineStartMarkup = /^\s*(?:#|>|- |\d+\. )/m;
const massMention = /@(?:everyone|here)/i;
const pill = /<(?:@&|@!?\d|#\d|t:|\/|a?:\w)/;
const activeUrl = /[a-z]:\/\/evil/i;
const bidiControl = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

/** Asserts that no text of `body` would render as markup, a mention, a link or reordered text. */
export function expectInert(body: unknown): void {
  for (const text of shownTexts(body)) {
    expect(text, "masked link").not.toMatch(activeMaskedLink);
    expect(text, "line-start markup").not.toMatch(lineStartMarkup);
    expect(text, "@everyone/@here").not.toMatch(massMention);
    expect(text, "mention, timestamp or emoji").not.toMatch(pill);
    expect(text, "bare link").not.toMatch(activeUrl);
    expect(text, "bidi control").not.toMatch(bidiControl);
  }
}
