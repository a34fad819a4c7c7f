// What the outbox worker sends for one row (DESIGN.md §4 Posting): a channel message body, clamped to
// Discord's limits by the sender, plus any files to upload with it.
import type { RawFile } from "@discordjs/rest";
import type { MessageBody } from "../discord/message-limits.js";

export interface RenderedMessage extends Omit<MessageBody, "attachments"> {
  /** Files to upload with the message; no announcement carries one yet (the sender must strip this key). */
  readonly files?: readonly RawFile[];
}
