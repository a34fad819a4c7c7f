import { AllowedMentionsTypes } from "discord-api-types/v10";
import type { APIEmbed, APIEmbedField, RESTPostAPIChannelMessageJSONBody } from "discord-api-types/v10";
import { truncateText } from "../display/truncate-text.js";
import { discordLimits } from "./discord-limits.js";

/** The characters Discord counts towards the 6,000 a message's embeds may hold together. */
export function embedLength(embed: APIEmbed): number {
  return (
    (embed.title?.length ?? 0) +
    (embed.description?.length ?? 0) +
    (embed.footer?.text.length ?? 0) +
    (embed.author?.name.length ?? 0) +
    (embed.fields ?? []).reduce((sum, field) => sum + field.name.length + field.value.length, 0)
  );
}

/**
 * Discord strips a field's name and value, a footer's text and an author's name of whitespace, and refuses
 * them empty then (50035): platform text of blanks alone (a prize of " ") would fail the whole message.
 */
function isBlank(text: string): boolean {
  return text.trim() === "";
}

function clampField(field: APIEmbedField): APIEmbedField {
  const name = truncateText(field.name, discordLimits.embedFieldName);
  const value = truncateText(field.value, discordLimits.embedFieldValue);
  // A zero-width space is not whitespace to Discord: the field shows blank.
  return { ...field, name: isBlank(name) ? "\u200b" : name, value: isBlank(value) ? "\u200b" : value };
}

/** Clamps one embed to Discord's per-part limits, then drops trailing fields until it fits `budget`. */
export function clampEmbed(embed: APIEmbed, budget: number = discordLimits.embedTotal): APIEmbed {
  const { footer, author, ...rest } = embed;
  const clamped: APIEmbed = { ...rest };
  if (embed.title !== undefined) clamped.title = truncateText(embed.title, discordLimits.embedTitle);
  if (embed.description !== undefined) {
    clamped.description = truncateText(embed.description, discordLimits.embedDescription);
  }
  // A footer or author with blank text shows nothing, so it is left out.
  if (footer !== undefined && !isBlank(footer.text)) {
    clamped.footer = { ...footer, text: truncateText(footer.text, discordLimits.embedFooter) };
  }
  if (author !== undefined && !isBlank(author.name)) {
    clamped.author = { ...author, name: truncateText(author.name, discordLimits.embedAuthorName) };
  }
  if (embed.fields !== undefined) {
    clamped.fields = embed.fields.slice(0, discordLimits.embedFields).map(clampField);
  }
  while (embedLength(clamped) > budget && (clamped.fields?.length ?? 0) > 0) {
    clamped.fields = clamped.fields?.slice(0, -1) ?? [];
  }
  if (embedLength(clamped) > budget && clamped.description !== undefined) {
    const over = embedLength(clamped) - budget;
    clamped.description = truncateText(clamped.description, Math.max(0, clamped.description.length - over));
  }
  return clamped;
}

export type MessageBody = Pick<
  RESTPostAPIChannelMessageJSONBody,
  "content" | "embeds" | "components" | "allowed_mentions" | "flags" | "attachments"
>;

/** A Discord id: what a role the bot was configured with looks like, and nothing else does. */
const snowflake = /^\d{17,20}$/;

/**
 * Whatever the body asked for, no @everyone/@here is ever pinged, and a role only when the sender names it
 * apart from the body (`roleToPing`): the reminder role a server's admins configured, never anything a renderer
 * put in the body, where platform text may be (docs/architecture.md, "The rules the code keeps", "Platform
 * text is inert"). Users only as the body lists them.
 */
function allowUsersOnly(
  asked: MessageBody["allowed_mentions"],
  roleToPing: string | undefined,
): NonNullable<MessageBody["allowed_mentions"]> {
  const roles = roleToPing !== undefined && snowflake.test(roleToPing) ? [roleToPing] : [];
  if (asked === undefined) return { parse: [], ...(roles.length > 0 ? { roles } : {}) };
  const parse = (asked.parse ?? []).filter(
    (kind) => kind === AllowedMentionsTypes.User && asked.users === undefined,
  );
  return { ...asked, parse, roles };
}

export interface NormaliseOptions {
  /** The one role the message may ping: only the outbox passes it, for a tournament reminder's role. */
  readonly roleToPing?: string | undefined;
}

/**
 * Makes a message safe to send: content and embeds within Discord's limits, and no mentions unless the
 * caller allowed them explicitly (discord-utils-bot's `respond` habit).
 */
export function normaliseMessage<Body extends MessageBody>(
  body: Body,
  options: NormaliseOptions = {},
): Body & Required<Pick<MessageBody, "allowed_mentions">> {
  const normalised = { ...body, allowed_mentions: allowUsersOnly(body.allowed_mentions, options.roleToPing) };
  if (body.content !== undefined) normalised.content = truncateText(body.content, discordLimits.content);
  if (body.embeds !== undefined) {
    // The 6000-character budget is shared by all embeds of a message; embeds past it are dropped.
    let remaining: number = discordLimits.embedTotal;
    const embeds: APIEmbed[] = [];
    for (const embed of body.embeds.slice(0, discordLimits.embedsPerMessage)) {
      if (remaining <= 0) break;
      const clamped = clampEmbed(embed, remaining);
      remaining -= embedLength(clamped);
      embeds.push(clamped);
    }
    normalised.embeds = embeds;
  }
  return normalised;
}
