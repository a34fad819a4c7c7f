// The one request an outbox row (or a group of rows) makes once rendered (docs/architecture.md, "Posting"). A
// post carries a nonce with enforce_nonce, the row id or its group's, so a retry after a crash between
// Discord's answer and our commit returns the first message instead of posting a second one.
import type { REST } from "@discordjs/rest";
import { Routes, type APIMessage, type RESTPostAPIChannelMessageJSONBody } from "discord-api-types/v10";
import { normaliseMessage } from "./message-limits.js";
import type { OutboxEntry } from "../store/outbox.js";
import type { RenderedMessage } from "../display/rendered-message.js";

/** Posts or edits the row's message and returns the id of the message Discord holds. */
export async function sendOutboxMessage(
  rest: REST,
  entry: Pick<OutboxEntry, "id" | "action" | "channelId" | "targetMessageId">,
  message: RenderedMessage,
  nonce: string = entry.id,
): Promise<string> {
  const { roleToPing, ...rendered } = message;
  const body = normaliseMessage(rendered, { roleToPing });
  if (entry.action === "edit") {
    if (entry.targetMessageId === null) throw new Error("an edit row has no target message");
    const edited = (await rest.patch(Routes.channelMessage(entry.channelId, entry.targetMessageId), {
      body,
    })) as APIMessage;
    return edited.id;
  }
  const post: RESTPostAPIChannelMessageJSONBody = { ...body, nonce, enforce_nonce: true };
  const posted = (await rest.post(Routes.channelMessages(entry.channelId), { body: post })) as APIMessage;
  return posted.id;
}
