// The one request an outbox row (or a group of rows) makes once rendered (docs/architecture.md, "Posting"). A
// post carries a nonce with enforce_nonce, the row id or its group's, so a retry after a crash between
// Discord's answer and our commit returns the first message instead of posting a second one. A message's
// thread rows (src/store/message-threads.ts) start, post in or archive that message's thread.
import type { REST } from "@discordjs/rest";
import { Routes, type APIMessage, type RESTPostAPIChannelMessageJSONBody } from "discord-api-types/v10";
import { normaliseMessage } from "./message-limits.js";
import type { OutboxEntry } from "../store/outbox.js";
import type { RenderedMessage } from "../display/rendered-message.js";
import { archiveThread, startThread } from "./send-thread.js";

/** Posts or edits the row's message and returns the id of the message (or thread) Discord holds. */
export async function sendOutboxMessage(
  rest: REST,
  entry: Pick<OutboxEntry, "id" | "action" | "channelId" | "targetMessageId">,
  message: RenderedMessage,
  nonce: string = entry.id,
): Promise<string> {
  const { roleToPing, ...rendered } = message;
  if (entry.action === "post") return postMessage(rest, entry.channelId, rendered, roleToPing, nonce);
  if (entry.targetMessageId === null) throw new Error(`an ${entry.action} row has no target`);
  switch (entry.action) {
    case "edit": {
      const body = normaliseMessage(rendered, { roleToPing });
      const edited = (await rest.patch(Routes.channelMessage(entry.channelId, entry.targetMessageId), {
        body,
      })) as APIMessage;
      return edited.id;
    }
    case "thread-post":
      return postMessage(rest, entry.targetMessageId, rendered, roleToPing, nonce);
    case "start-thread":
      return startThread(rest, { ...entry, targetMessageId: entry.targetMessageId }, rendered.content ?? "");
    case "archive-thread":
      return archiveThread(rest, entry.targetMessageId);
  }
}

async function postMessage(
  rest: REST,
  channelId: string,
  rendered: Omit<RenderedMessage, "roleToPing">,
  roleToPing: string | undefined,
  nonce: string,
): Promise<string> {
  const body = normaliseMessage(rendered, { roleToPing });
  const post: RESTPostAPIChannelMessageJSONBody = { ...body, nonce, enforce_nonce: true };
  const posted = (await rest.post(Routes.channelMessages(channelId), { body: post })) as APIMessage;
  return posted.id;
}
