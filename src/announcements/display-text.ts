// Small text helpers of the announcements. Platform text itself goes through src/display/platform-text.ts
// (docs/architecture.md, "The rules the code keeps").
import { plainText, visibleText, type PlainTextOptions } from "../display/platform-text.js";

/** "1 point" / "3 points". */
export function pluralise(count: number, singular: string, plural = `${singular}s`): string {
  return `${String(count)} ${count === 1 ? singular : plural}`;
}

/**
 * Platform text that may be missing or blank: made inert, or undefined so the caller can leave it out. Blank is
 * what shows nothing: a title of zero-width or direction marks alone is blank too (it would show as `****`).
 */
export function formatPresentText(text: string | undefined, options?: PlainTextOptions): string | undefined {
  const trimmed = text?.trim();
  return trimmed === undefined || visibleText(trimmed).trim() === ""
    ? undefined
    : plainText(trimmed, options);
}

/** A platform word shown as a label: "elimination" → "Elimination"; undefined when missing or blank. */
export function formatLabel(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  if (trimmed === undefined || visibleText(trimmed).trim() === "") return undefined;
  return plainText(trimmed.charAt(0).toUpperCase() + trimmed.slice(1));
}
