import { RESTJSONErrorCodes } from "discord.js";

/**
 * Discord's JSON error codes the fake answers with (docs: Topics, Opcodes and Status Codes, JSON).
 * Each entry is the HTTP status and the message Discord sends with it.
 */
export const discordErrors = {
  unauthorized: { status: 401, code: 0, message: "401: Unauthorized" },
  unknownChannel: { status: 404, code: 10003, message: "Unknown Channel" },
  unknownGuild: { status: 404, code: 10004, message: "Unknown Guild" },
  unknownMember: { status: 404, code: 10007, message: "Unknown Member" },
  unknownMessage: { status: 404, code: 10008, message: "Unknown Message" },
  unknownRole: { status: 404, code: 10011, message: "Unknown Role" },
  unknownUser: { status: 404, code: 10013, message: "Unknown User" },
  unknownWebhook: { status: 404, code: 10015, message: "Unknown Webhook" },
  invalidWebhookToken: { status: 401, code: 50027, message: "Invalid Webhook Token" },
  unknownApplication: { status: 404, code: 10002, message: "Unknown Application" },
  unknownCommand: { status: 404, code: 10063, message: "Unknown application command" },
  unknownInteraction: { status: 404, code: 10062, message: "Unknown interaction" },
  alreadyAcknowledged: { status: 400, code: 40060, message: "Interaction has already been acknowledged." },
  maximumFollowUps: {
    status: 400,
    code: RESTJSONErrorCodes.ThisInteractionHasHitTheMaximumNumberOfFollowUpMessages,
    message: "This interaction has hit the maximum number of follow up messages",
  },
  maximumRoles: { status: 400, code: 30005, message: "Maximum number of guild roles reached (250)" },
  emptyMessage: { status: 400, code: 50006, message: "Cannot send an empty message" },
  nonTextChannel: { status: 400, code: 50008, message: "Cannot send messages in a non-text channel" },
  notMessageAuthor: { status: 403, code: 50005, message: "Cannot edit a message authored by another user" },
  missingAccess: { status: 403, code: 50001, message: "Missing Access" },
  missingPermissions: { status: 403, code: 50013, message: "Missing Permissions" },
  invalidRole: { status: 400, code: 50028, message: "Invalid Role" },
  invalidFormBody: { status: 400, code: 50035, message: "Invalid Form Body" },
  notFound: { status: 404, code: 0, message: "404: Not Found" },
  // Threads and scheduled events, in the wording of the docs' JSON error code table.
  unknownScheduledEvent: {
    status: 404,
    code: RESTJSONErrorCodes.UnknownGuildScheduledEvent,
    message: "Unknown guild scheduled event",
  },
  maximumScheduledEvents: {
    status: 400,
    code: RESTJSONErrorCodes.MaximumNumberOfUncompletedGuildScheduledEventsReached,
    message: "Maximum number of uncompleted guild scheduled events reached (100)",
  },
  finishedScheduledEvent: {
    status: 400,
    code: RESTJSONErrorCodes.CannotUpdateAFinishedEvent,
    message: "Cannot update a finished event",
  },
  wrongChannelType: {
    status: 400,
    code: RESTJSONErrorCodes.CannotExecuteActionOnThisChannelType,
    message: "Cannot execute action on this channel type",
  },
  archivedThread: {
    status: 400,
    code: RESTJSONErrorCodes.InvalidActionOnArchivedThread,
    message:
      "Operation was attempted on an archived thread, such as editing a message or adding a user to the thread",
  },
  threadAlreadyCreated: {
    status: 400,
    code: RESTJSONErrorCodes.ThreadAlreadyCreatedForMessage,
    message: "A thread has already been created for this message",
  },
  threadLocked: { status: 400, code: RESTJSONErrorCodes.ThreadLocked, message: "Thread is locked" },
  missingOAuth2Scope: {
    status: 403,
    code: RESTJSONErrorCodes.MissingRequiredOAuth2Scope,
    message: "Missing required OAuth2 scope",
  },
} as const;

export type DiscordErrorKind = keyof typeof discordErrors;

/** One entry of Discord's nested `errors` object: `{ content: { _errors: [{ code, message }] } }`. */
export interface FieldError {
  /** Path to the field, e.g. ["embeds", 0, "title"]. */
  path: readonly (string | number)[];
  code: string;
  message: string;
}

/** Thrown by route handlers; the REST error handler turns it into Discord's JSON error body. */
export class DiscordHttpError extends Error {
  readonly status: number;
  readonly code: number;
  readonly fieldErrors: readonly FieldError[];

  constructor(kind: DiscordErrorKind, fieldErrors: readonly FieldError[] = []) {
    const { status, code, message } = discordErrors[kind];
    super(message);
    this.name = "DiscordHttpError";
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
  }

  toBody(): Record<string, unknown> {
    const body: Record<string, unknown> = { message: this.message, code: this.code };
    if (this.fieldErrors.length > 0) body.errors = nestFieldErrors(this.fieldErrors);
    return body;
  }
}

/** Builds Discord's nested errors object, keyed by each path segment, with `_errors` at the leaves. */
export function nestFieldErrors(fieldErrors: readonly FieldError[]): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const { path, code, message } of fieldErrors) {
    let node = root;
    for (const segment of path) {
      const key = String(segment);
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    }
    const list = (node._errors ??= []) as { code: string; message: string }[];
    list.push({ code, message });
  }
  return root;
}
