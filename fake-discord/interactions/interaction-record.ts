import { InteractionCallbackTypes, InteractionTypes } from "#discord-api-spec";
import type { UploadedFile } from "../messages/message-draft.js";

/** Interaction types, named for the fake's callers; the numbers are discord-api-spec's. */
export const interactionType = {
  ping: InteractionTypes.PING,
  applicationCommand: InteractionTypes.APPLICATION_COMMAND,
  messageComponent: InteractionTypes.MESSAGE_COMPONENT,
  autocomplete: InteractionTypes.APPLICATION_COMMAND_AUTOCOMPLETE,
  modalSubmit: InteractionTypes.MODAL_SUBMIT,
} as const;

/** Interaction callback types, named for the fake's callers; the numbers are discord-api-spec's. */
export const callbackType = {
  pong: InteractionCallbackTypes.PONG,
  channelMessage: InteractionCallbackTypes.CHANNEL_MESSAGE_WITH_SOURCE,
  deferredChannelMessage: InteractionCallbackTypes.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE,
  deferredUpdateMessage: InteractionCallbackTypes.DEFERRED_UPDATE_MESSAGE,
  updateMessage: InteractionCallbackTypes.UPDATE_MESSAGE,
  autocompleteResult: InteractionCallbackTypes.APPLICATION_COMMAND_AUTOCOMPLETE_RESULT,
  modal: InteractionCallbackTypes.MODAL,
} as const;

/** The bot's initial response, as the fake received it. */
export interface RecordedCallback {
  type: number;
  data: Record<string, unknown> | null;
  files: readonly UploadedFile[];
  receivedAt: number;
  /** Whether it came as the HTTP response to an interaction POSTed to the bot. */
  overHttp: boolean;
}

export type InteractionState = "pending" | "acknowledged" | "expired";

/** One interaction the fake sent to the bot and everything the bot did with it. */
export interface InteractionRecord {
  id: string;
  token: string;
  type: number;
  /** Null for an interaction from a user install outside a guild (a DM or a private channel). */
  guildId: string | null;
  channelId: string;
  userId: string;
  commandName: string | null;
  payload: Record<string, unknown>;
  createdAt: number;
  /** Discord's 3 s to answer, from the fake's clock. */
  respondBy: number;
  /** Tokens stay valid for follow-ups and edits for 15 minutes. */
  tokenExpiresAt: number;
  state: InteractionState;
  callback: RecordedCallback | null;
  /** The message a component or modal came from; type 6/7 callbacks edit it. */
  sourceMessageId: string | null;
  /** The message "@original" names: the response (4/5) or the source message (6/7). */
  originalMessageId: string | null;
  /** Whether "@original" shows the bot's answer: set by callbacks 4/7 and by the edit after 5/6. */
  originalFinal: boolean;
  followUpIds: string[];
  /** Callbacks that arrived after the deadline and got 10062 Unknown interaction. */
  lateCallbacks: number;
  /** How it reached the bot; "undelivered" when no gateway session served its shard. */
  delivery: "gateway" | "http" | "undelivered";
  /** Over HTTP: why the bot's answer was refused (a bad status, or a body Discord's spec refuses). */
  deliveryFailure: string | null;
}
