// Platform text (usernames, titles, team names, descriptions, notices) shown as inert text wherever the bot
// puts it: no markup, no mention, no link, no reordering. How each construct is broken is listed in
// docs/architecture.md, "The rules the code keeps", "Platform text is inert".
import { truncateText } from "./truncate-text.js";

/** Longer names than this are cut before escaping, which also bounds the work a hostile payload causes. */
export const maxNameLength = 256;
/**
 * Names and tiers in a list of rows, such as a leaderboard's page of 10: escaped they may double, and a page of
 * them must still fit an embed's 4,096-character description, or the rows past the cut are on no page.
 */
export const listNameLength = 64;
/** The same for prose (a description, a maintenance notice), which gets the embed's description. */
export const maxProseLength = 2000;

const zeroWidthSpace = "\u200b";

// Bidi controls and invisible characters: they could reorder the text around them or hide what it says.
// A zero-width joiner between two emoji is kept: it is what joins 👩‍💻 or 👨‍👩‍👧 into one picture.
const invisible =
  /(?<![\p{Extended_Pictographic}\p{Emoji_Modifier}]\ufe0f?)\u200d|\u200d(?!\p{Extended_Pictographic})|[\u200b\u200c\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\u061c\u180e\ufeff]/gu;
// Every character inline markdown gives a meaning to anywhere in a line, escaped with a backslash.
const inlineMarkup = /[\\*_~|`[\]]/g;
// What markdown reads only at the start of a line: headings and subtext, block quotes, list items.
const lineStartMarkup = /^(\s*)(?:(#|-#|>|-|\+)|(\d+)\.)(?=\s|$|#|>)/gm;
// Discord draws a pill for `<@…>`, `<#…>`, `</…>`, `<t:…>`, `<:…:…>` and links `<https://…>`.
const angleBracket = /</g;
const massMention = /@(?=everyone|here)/gi;
// Discord links text that starts with a scheme followed by `://`, even glued to a digit or an underscore before
// it ("1https://…"), so no word boundary is asked for; a space inside `://` stops the link.
const urlScheme = /([a-z][a-z\d+.-]*):(?=\/\/)/gi;

export interface PlainTextOptions {
  /** Cut to this many characters before escaping (default: a name's 256). */
  readonly maxLength?: number;
  /** Keep line breaks (prose); a name's line breaks become spaces, so it cannot start a line of its own. */
  readonly multiline?: boolean;
}

/**
 * Platform text drawn where no markup, mention or link exists (the rating chart's image): only the bidi
 * controls and invisible characters go, and line breaks become spaces, so it reads as typed, in order.
 */
export function visibleText(text: string): string {
  return text.replace(invisible, "").replace(/\s*[\r\n\u2028\u2029]+\s*/g, " ");
}

/** Mentions and links broken with an invisible space, so the text reads exactly as it was typed. */
function breakPillsAndLinks(text: string): string {
  return text
    .replace(angleBracket, `<${zeroWidthSpace}`)
    .replace(massMention, `@${zeroWidthSpace}`)
    .replace(urlScheme, `$1:${zeroWidthSpace}`);
}

/**
 * Platform text for places Discord shows without markdown (embed footers and author names, button and option
 * labels): a backslash would be shown there, so nothing is escaped; controls go and mentions and links break.
 * The result fits `maxLength` with its invisible spaces counted, as a label's limit is Discord's to enforce: it
 * refuses the whole message otherwise. Cutting after breaking only shortens the end, which rebuilds nothing.
 */
export function plainLabel(text: string, maxLength: number = maxNameLength): string {
  return truncateText(breakPillsAndLinks(truncateText(visibleText(text), maxLength)), maxLength);
}

/**
 * Platform text made safe to put into message or embed markdown: it reads as typed, and nothing in it can
 * format, link, mention or reorder. The start of the text counts as the start of a line.
 */
export function plainText(text: string, options: PlainTextOptions = {}): string {
  const visible = text.replace(invisible, "").replace(/[\u2028\u2029]/g, "\n");
  const lines = options.multiline === true ? visible : visible.replace(/\s*[\r\n]+\s*/g, " ");
  const escaped = truncateText(lines, options.maxLength ?? maxNameLength)
    .replace(inlineMarkup, "\\$&")
    .replace(
      lineStartMarkup,
      (_match, space: string, marker: string | undefined, digits: string | undefined) =>
        marker === undefined ? `${space}${digits ?? ""}\\.` : `${space}\\${marker}`,
    );
  return breakPillsAndLinks(escaped);
}

/**
 * Platform text shown as inline code (ids members copy): markdown, mentions and links are not read inside a
 * code span, but a backtick would end it early and controls would still reorder it.
 */
export function plainCode(text: string, maxLength: number = maxNameLength): string {
  return `\`${plainLabel(text.replace(/`/g, "ˋ"), maxLength)}\``;
}
