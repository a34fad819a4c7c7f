// Several announcements as one message (docs/architecture.md, "Posting"): their embeds one after another,
// their ping lines joined, when the result is within Discord's limits and pings exactly whom each message
// would have pinged alone. Anything else stays a message of its own.
import type { APIEmbed } from "discord-api-types/v10";
import type { RenderedMessage } from "../display/rendered-message.js";
import { discordLimits } from "./discord-limits.js";
import { embedLength, normaliseMessage } from "./message-limits.js";

/** Discord rejects allowed_mentions.users with more than 100 ids. */
const maxAllowedUsers = 100;
const userMention = /<@!?(\d+)>/g;

export interface CombinedMessage {
  readonly message: RenderedMessage;
  /** Within Discord's limits, pinging exactly whom each message would have pinged alone. */
  readonly fits: boolean;
}

/**
 * The messages as one, in order. When it does not fit, the message is still made (the sender clamps it to the
 * limits, and it pings no one a message did not allow): a group already recorded must be sent whole.
 */
export function combineMessages(messages: readonly RenderedMessage[]): CombinedMessage {
  const first = messages[0] ?? {};
  if (messages.length <= 1) return { message: first, fits: true };
  const parts = messages.map((message) => normaliseMessage(message));
  const embeds = parts.flatMap((part) => part.embeds ?? []);
  const withComponents = parts.filter((part) => (part.components ?? []).length > 0);
  const content = joinContents(parts.map((part) => part.content));
  const mentions = mergeAllowedMentions(parts);
  // A tournament reminder's role travels beside its body (rendered-message.ts): the message carrying the
  // reminder pings it as the reminder alone would have. One role at most: nothing else in a post names a role.
  const roles = [...new Set(messages.flatMap((message) => message.roleToPing ?? []))];
  const fits =
    roles.length <= 1 &&
    parts.every((part) => (part.embeds ?? []).length > 0) &&
    parts.every((part) => (part.flags ?? 0) === (first.flags ?? 0)) &&
    // Buttons sit under the whole message: one message's buttons still read as its own, two would not.
    withComponents.length <= 1 &&
    fitsEmbedLimits(embeds) &&
    (content?.length ?? 0) <= discordLimits.content &&
    mentions.fits;
  const components = withComponents.flatMap((part) => part.components ?? []);
  const message: RenderedMessage = {
    ...(content === undefined ? {} : { content }),
    embeds,
    ...(components.length === 0 ? {} : { components: components.slice(0, discordLimits.actionRows) }),
    allowed_mentions: mentions.allowed,
    ...(first.flags === undefined ? {} : { flags: first.flags }),
    ...(roles.length === 1 && roles[0] !== undefined ? { roleToPing: roles[0] } : {}),
  };
  return { message, fits };
}

function fitsEmbedLimits(embeds: readonly APIEmbed[]): boolean {
  const total = embeds.reduce((sum, embed) => sum + embedLength(embed), 0);
  return embeds.length <= discordLimits.embedsPerMessage && total <= discordLimits.embedTotal;
}

/** Each message's own line once, in order. */
function joinContents(contents: readonly (string | undefined)[]): string | undefined {
  const lines = [...new Set(contents.filter((content): content is string => (content ?? "") !== ""))];
  return lines.length === 0 ? undefined : lines.join("\n");
}

type AllowedMentions = NonNullable<RenderedMessage["allowed_mentions"]>;

/**
 * The union of the users each message allows. It fits when that pings no one a message would not have
 * pinged alone (a user one message names in its content without allowing them must not be allowed by
 * another) and roles and `parse` are the same for all (the sender allows no role at all: message-limits.ts).
 * When it does not fit, such users are left out and nothing is parsed.
 */
function mergeAllowedMentions(parts: readonly RenderedMessage[]): {
  readonly allowed: AllowedMentions;
  readonly fits: boolean;
} {
  const allowedOf = (part: RenderedMessage): AllowedMentions => part.allowed_mentions ?? { parse: [] };
  const first = allowedOf(parts[0] ?? {});
  const sameAsFirst = parts
    .map(allowedOf)
    .every(
      (allowed) =>
        sameList(allowed.parse, first.parse) &&
        sameList(allowed.roles, first.roles) &&
        allowed.replied_user === first.replied_user,
    );
  const union = new Set(parts.flatMap((part) => allowedOf(part).users ?? []));
  const unasked = new Set(
    parts.flatMap((part) => {
      const own = new Set(allowedOf(part).users ?? []);
      const named = [...(part.content ?? "").matchAll(userMention)].map((match) => match[1] ?? "");
      return named.filter((id) => !own.has(id) && union.has(id));
    }),
  );
  const users = [...union].filter((id) => !unasked.has(id));
  const fits = sameAsFirst && unasked.size === 0 && users.length <= maxAllowedUsers;
  if (!fits) return { allowed: { parse: [], users: users.slice(0, maxAllowedUsers), roles: [] }, fits };
  const listsUsers = parts.some((part) => allowedOf(part).users !== undefined);
  return { allowed: { ...first, ...(listsUsers ? { users } : {}) }, fits };
}

function sameList(left: readonly string[] | undefined, right: readonly string[] | undefined): boolean {
  const a = [...(left ?? [])].sort();
  const b = [...(right ?? [])].sort();
  return a.length === b.length && a.every((value, index) => value === b[index]);
}
