// Small text helpers of the announcements. Platform text itself goes through src/display/platform-text.ts
// (docs/architecture.md, "The rules the code keeps").
import { plainText, visibleText, type PlainTextOptions } from "../display/platform-text.js";

/** "1 point" / "3 points". */
export function pluralise(count: number, singular: string, plural = `${singular}s`): string {
  return `${String(count)} ${count === 1 ? singular : plural}`;
}

/**
 * Platform text that may be missing or blank: made inert, or undefined so the caller can leave it out.
 * Blank is what shows nothing, zero-width and direction marks included, which the inert text drops: trimmed
 * after that, a title of marks alone is blank, and one with marks before its words shows no space in its
 * `**…**`.
 */
export function formatPresentText(text: string | undefined, options?: PlainTextOptions): string | undefined {
  if (text === undefined) return undefined;
  const shown = plainText(text, options).trim();
  return shown === "" ? undefined : shown;
}

/** A platform word shown as a label: "elimination" → "Elimination"; undefined when missing or blank. */
export function formatLabel(text: string | undefined): string | undefined {
  const shown = text === undefined ? "" : plainText(visibleText(text).trim());
  return shown === "" ? undefined : shown.charAt(0).toUpperCase() + shown.slice(1);
}
