// Platform text written to turn into markup, pings, links or reordered text, and the check that whatever the
// bot renders from it stays inert (docs/architecture.md, "The rules the code keeps",
// "Platform text is inert").
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
  // A scheme glued to a digit or an underscore is linked by Discord all the same.
  "1https://evil.example/login",
  "_https://evil.example/reset",
  "9ftp://evil.example/f __http://evil.example/x",
  "**bold** __under__ ~~strike~~ ||spoiler|| `code`",
];

export interface ShownText {
  readonly text: string;
  /** Whether Discord renders markdown there: not in footers, author names, labels and placeholders. */
  readonly markdown: boolean;
}

const markdownKeys = new Set(["content", "title", "description", "name", "value"]);
const plainKeys = new Set(["label", "placeholder"]);
const plainParents = new Set(["footer", "author"]);

/** Every piece of text a message or reply shows, wherever it sits (content, embeds, components). */
export function shownTexts(body: unknown, markdown = true): ShownText[] {
  if (typeof body === "string") return [{ text: body, markdown }];
  if (Array.isArray(body)) return body.flatMap((item) => shownTexts(item, markdown));
  if (typeof body !== "object" || body === null) return [];
  return Object.entries(body).flatMap(([key, value]): ShownText[] => {
    if (typeof value !== "string") return shownTexts(value, markdown && !plainParents.has(key));
    // Outside markdown (a footer, an author, a modal) a title or name is shown as typed.
    if (plainKeys.has(key) || (!markdown && (key === "text" || key === "name" || key === "title"))) {
      return [{ text: value, markdown: false }];
    }
    return markdownKeys.has(key) && markdown ? [{ text: value, markdown: true }] : [];
  });
}

// A `]` right before `(` that no backslash escapes would close a masked link.
const activeMaskedLink = /(?<!\\)\]\(/;
// A heading needs a space after its hashes ("#12" is a rank, not a heading).
const lineStartMarkup = /^\s*(?:#{1,3}\s|>|- )/m;
const massMention = /@(?:everyone|here)/i;
const pill = /<(?:@&|@!?\d|#\d|t:0|\/|a?:\w)/;
const activeUrl = /[a-z]:\/\/evil/i;
const bidiControl = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

/**
 * Asserts that no text of `body` would render as markup, a mention, a link or reordered text. `markdown:
 * false` is for what Discord shows without markdown throughout, such as a modal.
 */
export function expectInert(body: unknown, options: { readonly markdown?: boolean } = {}): void {
  for (const { text: shown, markdown } of shownTexts(body, options.markdown ?? true)) {
    // Discord reads no markdown, mention or link inside code; only bidi controls still act there.
    expect(shown, "bidi control").not.toMatch(bidiControl);
    const text = markdown ? shown.replace(/```[\s\S]*?```|`[^`]*`/g, "") : shown;
    if (markdown) {
      expect(text, "masked link").not.toMatch(activeMaskedLink);
      expect(text, "line-start markup").not.toMatch(lineStartMarkup);
    }
    expect(text, "@everyone/@here").not.toMatch(massMention);
    expect(text, "mention, timestamp or emoji").not.toMatch(pill);
    expect(text, "bare link").not.toMatch(activeUrl);
  }
}
