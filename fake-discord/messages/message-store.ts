import type { Clock } from "../clock.js";
import type { SnowflakeGenerator } from "../snowflake.js";
import type { AttachmentStore } from "./attachment-store.js";
import { findMentionedRoles, findMentionedUsers, mentionsEveryone, type MentionRules } from "./mentions.js";
import type { MessageDraft, UploadedFile } from "./message-draft.js";
import {
  isEphemeral,
  messageFlags,
  type MessageInteractionLink,
  type StoredAttachment,
  type StoredMessage,
} from "./message-types.js";

export interface NewMessage {
  channelId: string;
  guildId: string | null;
  authorId: string;
  draft: MessageDraft;
  files: readonly UploadedFile[];
  interaction?: MessageInteractionLink;
  webhookId?: string;
  type?: number;
  /** Flags the server sets itself, e.g. Loading for a deferred response. */
  extraFlags?: number;
  /** Whom the author may ping by role or as everyone (mention-rules.ts); none when absent. */
  mentionRules?: MentionRules | undefined;
}

export type MessageChange = "created" | "edited" | "deleted";

/** SUPPRESS_EMBEDS: hides the link previews and embeds of a message. */
const suppressEmbeds = 1 << 2;

/** Flags a bot may set on a message it sends (docs: Message Flags — the rest are Discord's own). */
const settableFlags =
  messageFlags.ephemeral | messageFlags.suppressNotifications | messageFlags.componentsV2 | suppressEmbeds;

/** Every message the bot made, by id and by channel, with edit history and the nonce index. */
export class MessageStore {
  private readonly byId = new Map<string, StoredMessage>();
  private readonly byChannel = new Map<string, StoredMessage[]>();
  private readonly nonces = new Map<string, { messageId: string; at: number }>();
  private readonly listeners: ((message: StoredMessage, change: MessageChange) => void)[] = [];

  constructor(
    private readonly nextId: SnowflakeGenerator,
    private readonly clock: Clock,
    private readonly attachmentFiles: AttachmentStore,
  ) {}

  /** Calls `listener` after each create, edit and delete; returns a function that stops it. */
  onChange(listener: (message: StoredMessage, change: MessageChange) => void): () => void {
    this.listeners.push(listener);
    return () => {
      const index = this.listeners.indexOf(listener);
      if (index >= 0) this.listeners.splice(index, 1);
    };
  }

  get(messageId: string): StoredMessage | undefined {
    const message = this.byId.get(messageId);
    return message?.deleted === false ? message : undefined;
  }

  /** Every message ever made, ephemeral and deleted ones included, oldest first. */
  all(): StoredMessage[] {
    return [...this.byId.values()];
  }

  /** Channel messages a member sees: not deleted, not ephemeral; oldest first. */
  inChannel(channelId: string): StoredMessage[] {
    return (this.byChannel.get(channelId) ?? []).filter(
      (message) => !message.deleted && !isEphemeral(message),
    );
  }

  /**
   * A message as the channel routes see it: in that channel, not deleted, not ephemeral. An ephemeral
   * message exists only for the member it was shown to, so the bot reaches it through the interaction's
   * webhook alone (fake-discord/README.md, "Interactions"); by channel it is 10008 Unknown Message.
   */
  inChannelById(channelId: string, messageId: string): StoredMessage | undefined {
    const message = this.get(messageId);
    return message?.channelId === channelId && !isEphemeral(message) ? message : undefined;
  }

  /** The message an earlier create with this nonce made, if `enforce_nonce` applies (docs: Create Message). */
  findByNonce(
    channelId: string,
    authorId: string,
    nonce: string | number,
    windowMs: number,
  ): StoredMessage | undefined {
    const entry = this.nonces.get(nonceKey(channelId, authorId, nonce));
    if (entry === undefined || this.clock.now() - entry.at > windowMs) return undefined;
    return this.get(entry.messageId);
  }

  create(input: NewMessage): StoredMessage {
    const { draft } = input;
    const id = this.nextId();
    const message: StoredMessage = {
      id,
      channelId: input.channelId,
      guildId: input.guildId,
      authorId: input.authorId,
      content: draft.content ?? "",
      embeds: draft.embeds ?? [],
      components: draft.components ?? [],
      attachments: [],
      flags: ((draft.flags ?? 0) & settableFlags) | (input.extraFlags ?? 0),
      allowedMentions: draft.allowedMentions ?? null,
      mentionedUserIds: [],
      mentionedRoleIds: [],
      mentionedEveryone: false,
      nonce: draft.nonce ?? null,
      tts: draft.tts ?? false,
      createdAt: this.clock.now(),
      editedAt: null,
      edits: [],
      interaction: input.interaction ?? null,
      webhookId: input.webhookId ?? null,
      type: input.type ?? 0,
      deleted: false,
    };
    if (draft.stickerIds !== undefined && draft.stickerIds.length > 0) message.stickerIds = draft.stickerIds;
    if (draft.hasPoll === true) message.hasPoll = true;
    message.attachments = this.attachFiles(message, [], draft, input.files);
    message.mentionedUserIds = findMentionedUsers(message.content, message.allowedMentions);
    message.mentionedRoleIds = findMentionedRoles(
      message.content,
      message.allowedMentions,
      input.mentionRules,
    );
    message.mentionedEveryone = mentionsEveryone(
      message.content,
      message.allowedMentions,
      input.mentionRules,
    );
    this.byId.set(id, message);
    const list = this.byChannel.get(message.channelId) ?? [];
    list.push(message);
    this.byChannel.set(message.channelId, list);
    if (draft.nonce !== undefined && draft.nonce !== null && draft.enforceNonce === true) {
      this.nonces.set(nonceKey(message.channelId, message.authorId, draft.nonce), {
        messageId: id,
        at: message.createdAt,
      });
    }
    this.emit(message, "created");
    return message;
  }

  /**
   * Applies an edit; fields left out keep their value and the old version goes to `edits`. The pings stay
   * the create's: "While editing a message will update its `mentions` data, it does not actually produce any
   * notifications" (Discord staff, discord-api-docs issue 1419), also for the edit that answers a deferral
   * (issue 5497). The message object's `mentions` follow the content (render-message.ts): new content is
   * parsed with that edit's `allowed_mentions` alone, the default when it sends none, never the original's;
   * an edit without content that sends `allowed_mentions` keeps them, as the ones last sent (Discord's docs do
   * not say whether they parse the old content again; the bot's replies send them with every edit, embeds
   * only too, and tests read what was sent) (fake-discord/README.md, "Interactions").
   */
  edit(message: StoredMessage, draft: MessageDraft, files: readonly UploadedFile[]): StoredMessage {
    const wasLoading = (message.flags & messageFlags.loading) !== 0;
    if (!wasLoading) {
      message.edits.push({
        content: message.content,
        embeds: message.embeds,
        components: message.components,
        attachmentIds: message.attachments.map((attachment) => attachment.id),
        allowedMentions: message.allowedMentions,
        replacedAt: this.clock.now(),
      });
      message.editedAt = this.clock.now();
    }
    if (draft.content !== undefined) {
      message.content = draft.content ?? "";
      message.allowedMentions = draft.allowedMentions ?? null;
    } else if (draft.allowedMentions !== undefined) {
      message.allowedMentions = draft.allowedMentions;
    }
    if (draft.embeds !== undefined) message.embeds = draft.embeds ?? [];
    if (draft.components !== undefined) message.components = draft.components ?? [];
    // An edit sets or unsets SUPPRESS_EMBEDS and may set IS_COMPONENTS_V2, never unset it; other flags in
    // it are ignored without error, so an edit never makes a message ephemeral or public (Discord's
    // documentation, Resources, Message, Edit Message, "JSON/Form Params", flags; Resources, Webhook, Edit
    // Webhook Message, which the interaction webhook's edits follow).
    if (draft.flags !== undefined && draft.flags !== null) {
      const kept = message.flags & ~suppressEmbeds;
      message.flags = kept | (draft.flags & (suppressEmbeds | messageFlags.componentsV2));
    }
    message.flags &= ~messageFlags.loading;
    message.attachments = this.attachFiles(message, message.attachments, draft, files);
    this.emit(message, "edited");
    return message;
  }

  delete(message: StoredMessage): void {
    message.deleted = true;
    this.emit(message, "deleted");
  }

  /**
   * Resolves the attachment list: kept ones are named by id in `attachments`, new ones point at
   * `files[n]` by index; without an `attachments` array every file is added and the old ones kept.
   */
  private attachFiles(
    message: StoredMessage,
    existing: StoredAttachment[],
    draft: MessageDraft,
    files: readonly UploadedFile[],
  ): StoredAttachment[] {
    const byIndex = new Map(files.map((file) => [String(file.index), file]));
    if (draft.attachments === undefined || draft.attachments === null) {
      return [...existing, ...files.map((file) => this.storeFile(message, file, null))];
    }
    const result: StoredAttachment[] = [];
    for (const entry of draft.attachments) {
      const kept = existing.find((attachment) => attachment.id === entry.id);
      const file = byIndex.get(entry.id);
      if (kept !== undefined) {
        result.push(entry.description === undefined ? kept : { ...kept, description: entry.description });
      } else if (file !== undefined) {
        byIndex.delete(entry.id);
        result.push(
          this.storeFile(
            message,
            { ...file, filename: entry.filename ?? file.filename },
            entry.description ?? null,
          ),
        );
      }
    }
    // Files sent without an entry in `attachments` are still uploaded, as Discord does.
    for (const file of byIndex.values()) result.push(this.storeFile(message, file, null));
    return result;
  }

  private storeFile(
    message: StoredMessage,
    file: UploadedFile,
    description: string | null,
  ): StoredAttachment {
    return this.attachmentFiles.save(message.channelId, file, description);
  }

  private emit(message: StoredMessage, change: MessageChange): void {
    for (const listener of this.listeners) listener(message, change);
  }
}

function nonceKey(channelId: string, authorId: string, nonce: string | number): string {
  return `${channelId}:${authorId}:${String(nonce)}`;
}
