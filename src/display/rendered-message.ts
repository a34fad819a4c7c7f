// What an announcement renders and the outbox worker sends for one row: a channel message body. The
// sender clamps it to Discord's limits (src/discord/message-limits.ts) before it goes out.
import type { RESTPostAPIChannelMessageJSONBody } from "discord-api-types/v10";

/** A channel message as a renderer builds it: text, embeds, buttons and who it may ping. */
export type RenderedMessage = Pick<
  RESTPostAPIChannelMessageJSONBody,
  "content" | "embeds" | "components" | "allowed_mentions" | "flags"
> & {
  /**
   * The one role the post may ping, kept apart from the Discord body: a tournament reminder's role, read from
   * the server's settings. The sender lets this role alone through `allowed_mentions` (message-limits.ts).
   */
  readonly roleToPing?: string;
};
