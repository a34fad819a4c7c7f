import type { APIAttachment, APIMessage, APIUser } from "discord.js";
import { renderUser } from "../world/render-world.js";
import type { FakeUser } from "../world/world-types.js";
import { findMentionedUsers } from "./mentions.js";
import type { StoredAttachment, StoredMessage } from "./message-types.js";

type UserLookup = (userId: string) => FakeUser | undefined;

/** The message object Discord returns and dispatches (docs: Resources, Message — Message Object). */
export function renderMessage(
  message: StoredMessage,
  findUser: UserLookup,
  applicationId: string,
): APIMessage {
  const author = findUser(message.authorId);
  const rendered: Record<string, unknown> = {
    id: message.id,
    type: message.type,
    channel_id: message.channelId,
    ...(message.guildId === null ? {} : { guild_id: message.guildId }),
    author: author === undefined ? unknownUser(message.authorId) : renderUser(author),
    content: message.content,
    timestamp: new Date(message.createdAt).toISOString(),
    edited_timestamp: message.editedAt === null ? null : new Date(message.editedAt).toISOString(),
    tts: message.tts,
    // Role and everyone pings as the message was created; an edit keeps them (fake-discord/README.md).
    mention_everyone: message.mentionedEveryone,
    // The mentions of the content as it now stands; an edit changes them without pinging (message-store.ts).
    mentions: findMentionedUsers(message.content, message.allowedMentions).map((id) => {
      const user = findUser(id);
      return user === undefined ? unknownUser(id) : renderUser(user);
    }),
    mention_roles: message.mentionedRoleIds,
    attachments: message.attachments.map(renderAttachment),
    embeds: message.embeds,
    components: message.components,
    pinned: false,
    flags: message.flags,
  };
  if (message.nonce !== null) rendered.nonce = message.nonce;
  if (message.webhookId !== null) rendered.webhook_id = message.webhookId;
  if (message.interaction !== null) {
    const user = findUser(message.interaction.userId);
    rendered.application_id = applicationId;
    rendered.interaction_metadata = {
      id: message.interaction.interactionId,
      type: message.interaction.interactionType,
      user: user === undefined ? unknownUser(message.interaction.userId) : renderUser(user),
      // Outside a guild only a user install can answer, owned by the user who ran it (docs: Interactions).
      authorizing_integration_owners:
        message.guildId === null ? { "1": message.interaction.userId } : { "0": message.guildId },
    };
  }
  return rendered as unknown as APIMessage;
}

export function renderAttachment(attachment: StoredAttachment): APIAttachment {
  return {
    id: attachment.id,
    filename: attachment.filename,
    ...(attachment.description === null ? {} : { description: attachment.description }),
    content_type: attachment.contentType,
    size: attachment.data.length,
    url: attachment.url,
    proxy_url: attachment.url,
  };
}

function unknownUser(id: string): APIUser {
  return renderUser({ id, username: "Deleted User", globalName: null, bot: false });
}
