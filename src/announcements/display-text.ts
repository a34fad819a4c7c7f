// Platform text (usernames, titles, team names) placed into Discord markdown. It is escaped so a name such
// as `*bob*` reads as typed, and mention syntax is broken so a name cannot dress up as a mention.
import { escapeMarkdown } from "discord.js";
import { truncateText } from "../display/truncate-text.js";

const mentionLike = /<(?=[@#:/a]|t:)|@(?=everyone|here)/g;

/** Longer names than this are cut before escaping: no heading or list line could show more anyway. */
const maxNameLength = 256;
/** The same for prose (a description, a maintenance notice), which gets the embed's description. */
export const maxProseLength = 2000;

/**
 * Text from the platform, safe to put into message or embed markdown; cut to `maxLength` first, which also
 * bounds the escaping work for a hostile payload.
 */
export function formatPlainText(text: string, maxLength: number = maxNameLength): string {
  return escapeMarkdown(truncateText(text, maxLength)).replace(mentionLike, (match) => `${match}\u200b`);
}

/** "1 point" / "3 points". */
export function pluralise(count: number, singular: string, plural = `${singular}s`): string {
  return `${String(count)} ${count === 1 ? singular : plural}`;
}

/** Text shown as inline code: markdown does not apply there, but a backtick would end it. */
export function formatCode(text: string): string {
  return `\`${text.replace(/`/g, "ˋ")}\``;
}

/** Platform text that may be missing or blank: formatted, or undefined so the caller can leave it out. */
export function formatPresentText(text: string | undefined, maxLength?: number): string | undefined {
  const trimmed = text?.trim();
  return trimmed === undefined || trimmed === "" ? undefined : formatPlainText(trimmed, maxLength);
}

/** A platform word shown as a label: "elimination" → "Elimination"; undefined when missing or blank. */
export function formatLabel(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  if (trimmed === undefined || trimmed === "") return undefined;
  return formatPlainText(trimmed.charAt(0).toUpperCase() + trimmed.slice(1));
}
