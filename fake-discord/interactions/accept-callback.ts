import { botMentionRules } from "../messages/mention-rules.js";
import { DiscordHttpError } from "../discord-errors.js";
import type { FakeDiscordState } from "../fake-discord-state.js";
import { readMessageDraft, type UploadedFile } from "../messages/message-draft.js";
import { messageFlags, type StoredMessage } from "../messages/message-types.js";
import { renderMessage } from "../messages/render-message.js";
import { isRecord } from "../validation/field-checks.js";
import { assertValidChoices } from "../validation/validate-choices.js";
import {
  assertComponentsV2Edit,
  assertEditLeavesMessage,
  assertValidMessageBody,
} from "../validation/validate-message.js";
import { assertValidModal } from "../validation/validate-modal.js";
import { callbackType, interactionType, type InteractionRecord } from "./interaction-record.js";

export interface CallbackInput {
  interactionId: string;
  token: string;
  body: unknown;
  files: readonly UploadedFile[];
  overHttp: boolean;
}

/** Which callbacks each interaction type may use (docs: Receiving and Responding — Callback Type). */
const allowedCallbacks: Readonly<Record<number, readonly number[]>> = {
  [interactionType.ping]: [callbackType.pong],
  [interactionType.applicationCommand]: [
    callbackType.channelMessage,
    callbackType.deferredChannelMessage,
    callbackType.modal,
  ],
  [interactionType.messageComponent]: [
    callbackType.channelMessage,
    callbackType.deferredChannelMessage,
    callbackType.deferredUpdateMessage,
    callbackType.updateMessage,
    callbackType.modal,
  ],
  [interactionType.autocomplete]: [callbackType.autocompleteResult],
  [interactionType.modalSubmit]: [
    callbackType.channelMessage,
    callbackType.deferredChannelMessage,
    callbackType.deferredUpdateMessage,
    callbackType.updateMessage,
  ],
};

/**
 * Handles the bot's initial response: 10062 when the interaction is unknown or past its 3 s, 40060
 * when already answered, 400 when the type or data break the rules; otherwise records it and makes
 * or edits the message it stands for. Returns the InteractionCallbackResponse (for with_response).
 */
export function acceptCallback(state: FakeDiscordState, input: CallbackInput): Record<string, unknown> {
  const record = state.interactions.byId(input.interactionId);
  if (record?.token !== input.token) throw new DiscordHttpError("unknownInteraction");
  if (state.interactions.checkDeadline(record)) {
    record.lateCallbacks += 1;
    state.signal.notify();
    throw new DiscordHttpError("unknownInteraction");
  }
  if (record.state === "acknowledged") throw new DiscordHttpError("alreadyAcknowledged");
  const body = isRecord(input.body) ? input.body : {};
  const type = typeof body.type === "number" ? body.type : -1;
  if (!(allowedCallbacks[record.type] ?? []).includes(type)) {
    throw new DiscordHttpError("invalidFormBody", [
      {
        path: ["type"],
        code: "INTERACTION_RESPONSE_TYPE_INVALID",
        message: "Interaction response type is invalid for this interaction",
      },
    ]);
  }
  if (type === callbackType.updateMessage || type === callbackType.deferredUpdateMessage) {
    if (record.sourceMessageId === null) {
      throw new DiscordHttpError("invalidFormBody", [
        {
          path: ["type"],
          code: "INTERACTION_RESPONSE_TYPE_INVALID",
          message: "This interaction has no message to update",
        },
      ]);
    }
  }
  const data = isRecord(body.data) ? body.data : null;
  validateCallbackData(type, data, input.files.length);
  const message = applyCallback(state, record, type, data, input.files);
  record.state = "acknowledged";
  record.originalFinal = type === callbackType.channelMessage || type === callbackType.updateMessage;
  record.callback = {
    type,
    data,
    files: input.files,
    receivedAt: state.clock.now(),
    overHttp: input.overHttp,
  };
  state.signal.notify();
  return describeCallback(state, record, type, message);
}

function validateCallbackData(type: number, data: Record<string, unknown> | null, fileCount: number): void {
  if (type === callbackType.channelMessage || type === callbackType.updateMessage) {
    assertValidMessageBody(data ?? {}, {
      fileCount,
      isEdit: type === callbackType.updateMessage,
      path: ["data"],
    });
  } else if (type === callbackType.modal) {
    assertValidModal(data);
  } else if (type === callbackType.autocompleteResult) {
    assertValidChoices(data);
  }
}

function applyCallback(
  state: FakeDiscordState,
  record: InteractionRecord,
  type: number,
  data: Record<string, unknown> | null,
  files: readonly UploadedFile[],
): StoredMessage | null {
  const draft = readMessageDraft(data ?? {});
  if (type === callbackType.channelMessage || type === callbackType.deferredChannelMessage) {
    const message = state.messages.create({
      channelId: record.channelId,
      guildId: record.guildId,
      authorId: state.world.botUser.id,
      mentionRules: botMentionRules(state, record.guildId, record.channelId),
      // A deferral takes EPHEMERAL alone: "the only valid message flag you may use is EPHEMERAL" (Discord's
      // documentation, Interactions, Receiving and Responding); any other is set by the answer's edit.
      draft:
        type === callbackType.channelMessage ? draft : { flags: (draft.flags ?? 0) & messageFlags.ephemeral },
      files: type === callbackType.channelMessage ? files : [],
      interaction: {
        interactionId: record.id,
        interactionType: record.type,
        userId: record.userId,
        commandName: record.commandName,
      },
      webhookId: state.applicationId,
      type: record.type === interactionType.applicationCommand ? 20 : 0,
      ...(type === callbackType.deferredChannelMessage ? { extraFlags: messageFlags.loading } : {}),
    });
    record.originalMessageId = message.id;
    return message;
  }
  if (type === callbackType.updateMessage || type === callbackType.deferredUpdateMessage) {
    const source = record.sourceMessageId === null ? undefined : state.messages.get(record.sourceMessageId);
    if (source === undefined) throw new DiscordHttpError("unknownMessage");
    if (type === callbackType.updateMessage) {
      assertComponentsV2Edit(source, draft, ["data"]);
      assertEditLeavesMessage(source, draft, files.length);
    }
    record.originalMessageId = source.id;
    return type === callbackType.updateMessage ? state.messages.edit(source, draft, files) : source;
  }
  return null;
}

/** The InteractionCallbackResponse object (docs: Interaction Callback Response Object). */
function describeCallback(
  state: FakeDiscordState,
  record: InteractionRecord,
  type: number,
  message: StoredMessage | null,
): Record<string, unknown> {
  const resource: Record<string, unknown> = { type };
  if (message !== null)
    resource.message = renderMessage(message, (id) => state.world.users.get(id), state.applicationId);
  return {
    interaction: {
      id: record.id,
      type: record.type,
      response_message_id: message?.id ?? null,
      response_message_loading: type === callbackType.deferredChannelMessage,
      response_message_ephemeral: message === null ? false : (message.flags & messageFlags.ephemeral) !== 0,
    },
    resource,
  };
}
