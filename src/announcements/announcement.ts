// What each event renderer produces, and the one way it becomes a message body: the embed clamped to
// Discord's limits, the linked members it is about pinged in the content (docs/architecture.md, "Rendering").
import {
  ComponentType,
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIEmbed,
} from "discord-api-types/v10";
import { discordLimits } from "../discord/discord-limits.js";
import { clampEmbed, type MessageBody } from "../discord/message-limits.js";
import { buildPingLine } from "./ping-line.js";
import type { RenderContext } from "./render-context.js";

export interface Announcement {
  readonly embed: APIEmbed;
  /** Platform users to ping; only those linked in the guild are, the others are just named in the embed. */
  readonly ping?: readonly string[];
  readonly buttons?: readonly APIButtonComponent[];
}

export function toMessageBody(announcement: Announcement, context: RenderContext): MessageBody {
  const { content, allowedMentions } = buildPingLine(announcement.ping ?? [], context);
  const buttons = (announcement.buttons ?? []).slice(0, discordLimits.buttonsPerRow);
  const components: APIActionRowComponent<APIButtonComponent>[] =
    buttons.length === 0 ? [] : [{ type: ComponentType.ActionRow, components: buttons }];
  return {
    ...(content === undefined ? {} : { content }),
    embeds: [clampEmbed(announcement.embed)],
    ...(components.length === 0 ? {} : { components }),
    allowed_mentions: allowedMentions,
  };
}
