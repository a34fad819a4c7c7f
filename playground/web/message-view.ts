// A fake Discord message as the page draws it, for one member: ephemeral replies only for the member who
// got them, attachments as addresses on the page's own server, who used which command, and the thread the
// message started.
import type { APIEmbed } from "discord.js";
import type { FakeDiscord, StoredMessage } from "../../fake-discord/index.js";
import { findThreadOf, type ThreadView } from "./thread-view.js";

const ephemeralFlag = 1 << 6;
const loadingFlag = 1 << 7;

export interface MessageView {
  readonly id: string;
  readonly channelId: string;
  readonly author: { readonly id: string; readonly name: string; readonly bot: boolean };
  readonly content: string;
  readonly embeds: readonly APIEmbed[];
  readonly components: readonly unknown[];
  readonly attachments: readonly { filename: string; contentType: string; url: string }[];
  readonly ephemeral: boolean;
  /** A deferred reply the bot has not edited yet: "thinking…". */
  readonly loading: boolean;
  readonly createdAt: number;
  readonly edited: boolean;
  readonly deleted: boolean;
  /** Who used which command, for replies to an interaction. */
  readonly usedBy: { readonly name: string; readonly command: string | null } | null;
  /** The thread started from this message, drawn under it. */
  readonly thread: ThreadView | null;
}

/** Whether `memberId` sees the message in its channel (everyone but for ephemeral replies). */
export function isVisibleTo(message: StoredMessage, memberId: string): boolean {
  if ((message.flags & ephemeralFlag) === 0) return true;
  return message.interaction?.userId === memberId;
}

export function viewMessage(discord: FakeDiscord, message: StoredMessage): MessageView {
  const nameOf = (id: string): string =>
    id === discord.botUser.id ? discord.botUser.username : (findUsername(discord, message.guildId, id) ?? id);
  const link = message.interaction;
  return {
    id: message.id,
    channelId: message.channelId,
    author: {
      id: message.authorId,
      name: nameOf(message.authorId),
      bot: message.authorId === discord.botUser.id,
    },
    content: message.content,
    embeds: message.embeds,
    components: message.components,
    attachments: message.attachments.map((attachment, index) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      url: `/api/attachments/${message.id}/${index}`,
    })),
    ephemeral: (message.flags & ephemeralFlag) !== 0,
    loading: (message.flags & loadingFlag) !== 0,
    createdAt: message.createdAt,
    edited: message.editedAt !== null,
    deleted: message.deleted,
    usedBy: link === null ? null : { name: nameOf(link.userId), command: link.commandName },
    thread: findThreadOf(discord, message.id),
  };
}

/** The channel's messages the member sees, oldest first. */
export function listChannelMessages(
  discord: FakeDiscord,
  channelId: string,
  memberId: string,
): MessageView[] {
  return discord
    .allMessages()
    .filter(
      (message) => message.channelId === channelId && !message.deleted && isVisibleTo(message, memberId),
    )
    .map((message) => viewMessage(discord, message));
}

function findUsername(discord: FakeDiscord, guildId: string | null, userId: string): string | undefined {
  // A message outside a guild (a user-installed command's answer in a DM): the user is a member somewhere.
  const guildIds = guildId === null ? discord.guilds().map((guild) => guild.id) : [guildId];
  for (const id of guildIds) {
    const found = discord.roles.byMember(id).find((member) => member.user.id === userId);
    if (found !== undefined) return found.user.username;
  }
  return undefined;
}
