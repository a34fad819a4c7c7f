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

const roleMentionPattern = /<@&(\d{17,20})>/g;
const everyonePattern = /@(everyone|here)\b/;

/**
 * Who may be pinged by role or as everyone, as the author's permissions in the channel allow: a role that is
 * mentionable by anyone, any role and @everyone/@here with Mention Everyone (Discord's documentation,
 * Resources, Message, "Allowed Mentions Object": mentions are "validated against the message… and checked
 * against user/bot permissions"; Topics, Permissions: MENTION_EVERYONE "allows for using the @everyone tag
 * to notify all users in a channel, and the @here tag…", and any role's mention). Absent outside a server.
 */
export interface MentionRules {
  canMentionRole(roleId: string): boolean;
  readonly canMentionEveryone: boolean;
}

/** The roles a new message pings: named in its content, allowed by allowed_mentions and by `rules`. */
export function findMentionedRoles(
  content: string,
  allowedMentions: APIAllowedMentions | null,
  rules: MentionRules | undefined,
): string[] {
  if (rules === undefined) return [];
  const named = [...new Set([...content.matchAll(roleMentionPattern)].map((match) => match[1] ?? ""))];
  const parse = allowedMentions?.parse as readonly string[] | undefined;
  const allowed =
    allowedMentions === null || parse?.includes("roles") === true
      ? named
      : named.filter((id) => (allowedMentions.roles ?? []).includes(id));
  return allowed.filter((id) => rules.canMentionRole(id));
}

/**
 * Whether a new message pings @everyone or @here: in its content, parse "everyone" allowed, and permitted.
 */
export function mentionsEveryone(
  content: string,
  allowedMentions: APIAllowedMentions | null,
  rules: MentionRules | undefined,
): boolean {
  if (rules?.canMentionEveryone !== true || !everyonePattern.test(content)) return false;
  return (
    allowedMentions === null ||
    (allowedMentions.parse as readonly string[] | undefined)?.includes("everyone") === true
  );
}
