// Mentions only notify from a message's content, never from an embed, so the linked members an event is
// about are pinged in a content line, and allowed_mentions names exactly them
// (docs/architecture.md, "Rendering").
import type { APIAllowedMentions } from "discord-api-types/v10";
import { discordLimits } from "../discord/discord-limits.js";
import type { RenderContext } from "./render-context.js";

/** Discord rejects allowed_mentions.users with more than 100 ids. */
const maxAllowedUsers = 100;

export interface PingLine {
  readonly content: string | undefined;
  readonly allowedMentions: APIAllowedMentions;
}

/** The linked members among `platformUserIds`, as one content line and the matching allowed_mentions. */
export function buildPingLine(platformUserIds: readonly string[], context: RenderContext): PingLine {
  const linked = [...new Set(platformUserIds.flatMap((id) => context.mentions.get(id) ?? []))];
  const users: string[] = [];
  let content = "";
  for (const [index, discordId] of linked.entries()) {
    const mention = `${content === "" ? "" : " "}<@${discordId}>`;
    const left = linked.length - index - 1;
    const reserve = left > 0 ? ` …and ${String(left)} more`.length : 0;
    if (
      users.length === maxAllowedUsers ||
      content.length + mention.length + reserve > discordLimits.content
    ) {
      content += ` …and ${String(linked.length - index)} more`;
      break;
    }
    content += mention;
    users.push(discordId);
  }
  return {
    content: users.length === 0 ? undefined : content,
    allowedMentions: { parse: [], users },
  };
}
