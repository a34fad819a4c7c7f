// Reads an error from @discordjs/rest (or the network, or the renderer) as one of the cases Discord's error
// policy distinguishes (docs/architecture.md, "Posting").
import { DiscordAPIError, HTTPError, RateLimitError } from "@discordjs/rest";
import { RESTJSONErrorCodes } from "discord-api-types/v10";
import type { OutboxAction } from "../store/outbox.js";

export type DeliveryFailure =
  /** 401: the token is invalid; nothing more can be sent. */
  | { readonly kind: "unauthorized"; readonly detail: string }
  /** 429 that @discordjs/rest handed back (its `rejectOnRateLimit`): wait, it is not a failed attempt. */
  | { readonly kind: "rate-limited"; readonly detail: string; readonly retryAfterMs: number }
  /** 404 Unknown Channel: the channel was deleted. */
  | { readonly kind: "channel-gone"; readonly detail: string }
  /** 404 Unknown Message on an edit: the message it edits was deleted. */
  | { readonly kind: "message-gone"; readonly detail: string }
  /** 403 Missing Access / Missing Permissions: the bot may no longer post in the channel. */
  | { readonly kind: "no-access"; readonly detail: string }
  /**
   * 404 Unknown Channel for a message's thread (src/store/message-threads.ts): the thread was deleted. Also a
   * thread a moderator locked (160005, or 50083 when it is archived too): without Manage Threads the bot may
   * post there no more, so it is as gone. An archive refused with 403 Missing Permissions is one too: the bot
   * started the thread, and its creator may archive it unless it is locked, which no permission of the
   * channel's changes. And a thread that cannot be: a start from a message in a channel that has no threads
   * (400 50024: the message is in a thread, or in a voice channel's chat), or from a message deleted before its
   * thread started (404 10008), whose updates belong in the channel.
   */
  | { readonly kind: "thread-gone"; readonly detail: string }
  /**
   * 403 Missing Permissions starting a thread (Create Public Threads) or posting in one (Send Messages in
   * Threads): the channel itself may still take posts. Not an archive's (see thread-gone).
   */
  | { readonly kind: "thread-refused"; readonly detail: string }
  /** Any other 4xx: the request itself is wrong and a retry cannot fix it. */
  | { readonly kind: "rejected"; readonly detail: string }
  /** 5xx, time-outs, network errors, a renderer that threw: worth another attempt later. */
  | { readonly kind: "transient"; readonly detail: string };

/** A failure of the channel itself, which concerns every row queued for it (close-channel.ts). */
export type ChannelFailure = Extract<DeliveryFailure, { kind: "channel-gone" | "no-access" }>;

export function isChannelFailure<F extends Pick<DeliveryFailure, "kind">>(
  failure: F,
): failure is F & Pick<ChannelFailure, "kind"> {
  return failure.kind === "channel-gone" || failure.kind === "no-access";
}

const fallbackRetryAfterMs = 1000;

/** A locked thread refuses the bot's post: 160005, or 50083 while it is archived (a post cannot reopen it). */
const closedThreadCodes: ReadonlySet<number | string> = new Set([
  RESTJSONErrorCodes.ThreadLocked,
  RESTJSONErrorCodes.InvalidActionOnArchivedThread,
]);

/**
 * What @discordjs/rest throws for each request after Discord answered one with 401: it forgets the token then,
 * so every later failure is this error rather than Discord's answer. The token is as refused as it was.
 */
const forgottenTokenMessage = "Expected token to be set for this request, but none was present";

export function classifyFailure(error: unknown, action: OutboxAction): DeliveryFailure {
  // Thrown for a 429 Discord answered and, as often, before sending, where the client knows the wait is too long
  // (bot-rest-options.ts): the detail says which limit and how long, not that Discord answered.
  if (error instanceof RateLimitError) {
    return {
      kind: "rate-limited",
      detail: `rate limited (${error.scope}), ${Math.ceil(error.retryAfter / 1000)} s to wait`,
      retryAfterMs: error.retryAfter,
    };
  }
  if (error instanceof DiscordAPIError) return classifyDiscordError(error, action);
  if (error instanceof HTTPError) return { kind: "transient", detail: `${error.status} ${error.message}` };
  if (error instanceof Error && error.message === forgottenTokenMessage) {
    return { kind: "unauthorized", detail: "no bot token: Discord refused it earlier" };
  }
  return { kind: "transient", detail: describeError(error) };
}

function classifyDiscordError(error: DiscordAPIError, action: OutboxAction): DeliveryFailure {
  const detail = `${error.status} ${error.message} (${String(error.code)})`;
  if (error.status === 401) return { kind: "unauthorized", detail };
  if (error.status === 429) return { kind: "rate-limited", detail, retryAfterMs: readRetryAfterMs(error) };
  if (error.status >= 500 || error.status === 408) return { kind: "transient", detail };
  const inThread = action === "thread-post" || action === "archive-thread";
  if (error.code === RESTJSONErrorCodes.UnknownChannel) {
    return { kind: inThread ? "thread-gone" : "channel-gone", detail };
  }
  if (inThread && closedThreadCodes.has(error.code)) return { kind: "thread-gone", detail };
  if (error.code === RESTJSONErrorCodes.MissingPermissions && action === "archive-thread") {
    return { kind: "thread-gone", detail };
  }
  // No thread can start there (a voice channel's chat), or from a message deleted before it started.
  if (
    action === "start-thread" &&
    (error.code === RESTJSONErrorCodes.CannotExecuteActionOnThisChannelType ||
      error.code === RESTJSONErrorCodes.UnknownMessage)
  ) {
    return { kind: "thread-gone", detail };
  }
  if (error.code === RESTJSONErrorCodes.MissingPermissions && (inThread || action === "start-thread")) {
    return { kind: "thread-refused", detail };
  }
  if (error.code === RESTJSONErrorCodes.UnknownMessage && action === "edit") {
    return { kind: "message-gone", detail };
  }
  if (
    error.code === RESTJSONErrorCodes.MissingAccess ||
    error.code === RESTJSONErrorCodes.MissingPermissions
  ) {
    return { kind: "no-access", detail };
  }
  return { kind: "rejected", detail };
}

/** Discord's 429 body carries `retry_after` in seconds. */
function readRetryAfterMs(error: DiscordAPIError): number {
  const retryAfter = (error.rawError as { retry_after?: unknown }).retry_after;
  return typeof retryAfter === "number" && retryAfter >= 0
    ? Math.ceil(retryAfter * 1000)
    : fallbackRetryAfterMs;
}

/** A network error's message and code (undici hides the useful part in `cause`); never a request body. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const code = (cause as { code?: unknown } | undefined)?.code ?? (error as { code?: unknown }).code;
  const parts = [`${error.name}: ${error.message}`];
  if (cause !== undefined) parts.push(cause.message);
  if (typeof code === "string") parts.push(code);
  return parts.join(" | ");
}
