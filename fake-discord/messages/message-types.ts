import type { APIAllowedMentions, APIEmbed } from "discord.js";

export interface StoredAttachment {
  id: string;
  filename: string;
  description: string | null;
  contentType: string;
  /** The uploaded bytes, kept so tests can read what the bot sent. */
  data: Buffer;
  url: string;
}

/** What a message looked like before an edit changed it. */
export interface MessageRevision {
  content: string;
  embeds: APIEmbed[];
  components: unknown[];
  attachmentIds: string[];
  /** What this version let ping (null: none sent, so Discord's default of everything in the content). */
  allowedMentions: APIAllowedMentions | null;
  /** When this revision was replaced. */
  replacedAt: number;
}

/** Who made a message through an interaction token (docs: Message Interaction Metadata). */
export interface MessageInteractionLink {
  interactionId: string;
  interactionType: number;
  userId: string;
  commandName: string | null;
}

/** A message as the fake keeps it: the API fields plus what tests want to look at afterwards. */
export interface StoredMessage {
  id: string;
  channelId: string;
  /** Null in a DM or a private channel. */
  guildId: string | null;
  authorId: string;
  content: string;
  embeds: APIEmbed[];
  components: unknown[];
  attachments: StoredAttachment[];
  /** A deferred response carries flag 128 (Loading, "thinking…") until its first edit. */
  flags: number;
  /**
   * The allowed_mentions last sent: the create's, or the last edit's that sent content (null: none sent with
   * it, so Discord's default of everything the content mentions) or sent them alone.
   */
  allowedMentions: APIAllowedMentions | null;
  /**
   * Users this message actually pinged, after allowed_mentions: those it mentioned when it was created, as
   * an edit notifies nobody (its `mentions` on the API follow the edited content).
   */
  mentionedUserIds: string[];
  /** Roles this message pinged when it was created, after allowed_mentions and the author's permissions. */
  mentionedRoleIds: string[];
  /** Whether it pinged @everyone or @here when it was created. */
  mentionedEveryone: boolean;
  nonce: string | number | null;
  tts: boolean;
  createdAt: number;
  editedAt: number | null;
  /** Earlier versions, oldest first. */
  edits: MessageRevision[];
  /** Set for messages made through an interaction token (responses and follow-ups). */
  interaction: MessageInteractionLink | null;
  webhookId: string | null;
  /** Discord message type: 0 default, 20 chat input command, 19 reply. */
  type: number;
  /** Deleted messages stay here for tests to inspect; the API answers 10008 for them. */
  deleted: boolean;
  /**
   * Stickers and a poll sent with the message: not rendered, kept because an edit cannot take them away, so
   * a message with one is never left empty by an edit (validation/validate-message.ts).
   */
  stickerIds?: string[];
  hasPoll?: boolean;
}

/** Message flags the fake interprets (docs: Message Flags). */
export const messageFlags = {
  ephemeral: 1 << 6,
  loading: 1 << 7,
  suppressNotifications: 1 << 12,
  componentsV2: 1 << 15,
} as const;

export function isEphemeral(message: StoredMessage): boolean {
  return (message.flags & messageFlags.ephemeral) !== 0;
}

export function isLoading(message: StoredMessage): boolean {
  return (message.flags & messageFlags.loading) !== 0;
}
