import { botMentionRules } from "../messages/mention-rules.js";
import { DiscordHttpError } from "../discord-errors.js";
import type { FakeDiscordState } from "../fake-discord-state.js";
import type { MessageDraft, UploadedFile } from "../messages/message-draft.js";
import { isLoading, type StoredMessage } from "../messages/message-types.js";
import type { InteractionRecord } from "./interaction-record.js";

/**
 * The interaction's webhook (/webhooks/{application.id}/{token}): for this application only, and valid for 15
 * minutes ("Interaction tokens are valid for 15 minutes", Discord's documentation, Interactions, Receiving and
 * Responding). A token this application never had answers 10015 Unknown Webhook; one whose 15 minutes are over
 * answers 401 50027 Invalid Webhook Token, as Discord does.
 */
export function findInteractionByWebhook(
  state: FakeDiscordState,
  applicationId: string,
  token: string,
): InteractionRecord {
  const record = state.interactions.byToken(token);
  if (record === undefined || applicationId !== state.applicationId) {
    throw new DiscordHttpError("unknownWebhook");
  }
  if (state.clock.now() >= record.tokenExpiresAt) throw new DiscordHttpError("invalidWebhookToken");
  return record;
}

/** A message the token may touch: "@original" or one of its follow-ups. */
export function findWebhookMessage(
  state: FakeDiscordState,
  record: InteractionRecord,
  messageId: string,
): StoredMessage {
  const id = messageId === "@original" ? record.originalMessageId : messageId;
  const ownsMessage =
    messageId === "@original" || id === record.originalMessageId || record.followUpIds.includes(messageId);
  const message = id === null || !ownsMessage ? undefined : state.messages.get(id);
  if (message === undefined) throw new DiscordHttpError("unknownMessage");
  return message;
}

/**
 * How many follow-up messages an interaction the app answers as a user install (no server installed it there)
 * may send, as Discord's change log ("User-Installed Apps General Availability") limits them; the next is
 * refused with 40094.
 */
export const maxUserInstallFollowUps = 5;

/**
 * A follow-up (POST /webhooks/{app}/{token}). Only after the initial response; the first follow-up
 * after a deferral replaces the "thinking…" message instead of adding one, as Discord does, and like any
 * edit keeps the ephemeral state the deferral gave it: "The ephemeral flag will be ignored, and the value
 * you provided in the initial defer response will be preserved" (Discord's documentation, Interactions,
 * Receiving and Responding, Create Followup Message). An interaction of a user install sends at most
 * maxUserInstallFollowUps new messages.
 */
export function createFollowUp(
  state: FakeDiscordState,
  record: InteractionRecord,
  draft: MessageDraft,
  files: readonly UploadedFile[],
): StoredMessage {
  if (record.state !== "acknowledged") throw new DiscordHttpError("unknownWebhook");
  const original =
    record.originalMessageId === null ? undefined : state.messages.get(record.originalMessageId);
  if (original !== undefined && isLoading(original)) {
    const edited = state.messages.edit(original, draft, files);
    record.originalFinal = true;
    state.signal.notify();
    return edited;
  }
  if (isUserInstallOnly(record) && record.followUpIds.length >= maxUserInstallFollowUps) {
    throw new DiscordHttpError("maximumFollowUps");
  }
  const message = state.messages.create({
    channelId: record.channelId,
    guildId: record.guildId,
    authorId: state.world.botUser.id,
    mentionRules: botMentionRules(state, record.guildId, record.channelId),
    draft,
    files,
    interaction: {
      interactionId: record.id,
      interactionType: record.type,
      userId: record.userId,
      commandName: record.commandName,
    },
    webhookId: state.applicationId,
  });
  record.followUpIds.push(message.id);
  state.signal.notify();
  return message;
}

/** An edit through the token; editing "@original" after a deferral is the bot's final answer. */
export function editWebhookMessage(
  state: FakeDiscordState,
  record: InteractionRecord,
  message: StoredMessage,
  draft: MessageDraft,
  files: readonly UploadedFile[],
): StoredMessage {
  const edited = state.messages.edit(message, draft, files);
  if (message.id === record.originalMessageId) record.originalFinal = true;
  state.signal.notify();
  return edited;
}

/** Owned by the user's install alone: no server install ("0") authorised it (a DM, a server without one). */
function isUserInstallOnly(record: InteractionRecord): boolean {
  const owners = record.payload.authorizing_integration_owners;
  return typeof owners === "object" && owners !== null && !("0" in owners);
}
