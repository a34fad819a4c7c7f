import type { APIAllowedMentions } from "discord.js";

const userMentionPattern = /<@!?(\d{17,20})>/g;

/**
 * The users a message mentions: those named in its content, narrowed by allowed_mentions (docs: Resources,
 * Message — Allowed Mentions Object). Without allowed_mentions everyone named counts. A new message pings
 * them; an edit only updates its `mentions` and pings nobody (message-store.ts).
 */
export function findMentionedUsers(content: string, allowedMentions: APIAllowedMentions | null): string[] {
  const mentioned = [...new Set([...content.matchAll(userMentionPattern)].map((match) => match[1] ?? ""))];
  if (allowedMentions === null) return mentioned;
  if ((allowedMentions.parse as readonly string[] | undefined)?.includes("users") === true) return mentioned;
  const allowed = new Set(allowedMentions.users ?? []);
  return mentioned.filter((id) => allowed.has(id));
}
