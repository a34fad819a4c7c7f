import { PlatformError, PlatformProtocolError, PlatformUnavailableError } from "../api/errors.js";
import { UserFacingError } from "./user-facing-error.js";
import { discordTimestamp } from "../display/discord-timestamp.js";
import { plainCode } from "../display/platform-text.js";

/** Longer than any id or field name the platform sends; bounds what a hostile answer can put in a reply. */
const maxCodeLength = 100;

// The request id and the field name are the platform's text: shown as code that no backtick can end early.
/** `message` with the platform's request id under it, when it gave one, for a member to quote. */
export function withRequestId(message: string, requestId: string | undefined): string {
  return requestId === undefined
    ? message
    : `${message}\n-# Request id: ${plainCode(requestId, maxCodeLength)}`;
}

function describeInvalidField(details: PlatformError["details"]): string {
  const field = details?.field;
  return typeof field === "string" ? ` The field ${plainCode(field, maxCodeLength)} is not valid.` : "";
}

/**
 * Short, specific messages for the platform's error codes (docs/architecture.md, "The platform API client"):
 * what happened and what to do, with the requestId to quote to support; never the platform's raw text or a
 * stack.
 */
export function describePlatformError(error: unknown, now: number): UserFacingError | undefined {
  if (error instanceof PlatformUnavailableError) {
    return new UserFacingError(
      "platform_unavailable",
      error.kind === "timeout"
        ? "The platform is taking too long to answer. Please try again in a minute."
        : "The platform can't be reached right now. Please try again in a minute.",
    );
  }
  if (error instanceof PlatformProtocolError) {
    // The operation and the fields at fault go to the log (never values), behind a reference the member quotes.
    return new UserFacingError(
      "platform_protocol",
      "The platform sent an answer the bot does not understand.",
      undefined,
      { cause: error },
    );
  }
  if (!(error instanceof PlatformError)) return undefined;
  const { requestId } = error;
  if (error.isRateLimit) {
    const retryAt = Math.ceil(now / 1000 + (error.retryAfter ?? 60)) * 1000;
    return new UserFacingError(
      "rate_limited",
      withRequestId(
        `You've hit the platform's rate limit. Try again ${discordTimestamp(retryAt, "R")}.`,
        requestId,
      ),
    );
  }
  const byStatus: Record<number, [string, string]> = {
    400: ["invalid_request", `The platform rejected that request.${describeInvalidField(error.details)}`],
    401: [
      "unauthorized",
      "The platform no longer accepts your linked credential. Run `/link` to link again.",
    ],
    403: [
      "forbidden",
      "Your platform account is not allowed to do that (its API key or scopes lack the permission).",
    ],
    404: ["not_found", "The platform has no such item. Check the id and try again."],
    409: ["conflict", "That conflicts with the current state on the platform (perhaps it was already done)."],
  };
  const [code, message] = byStatus[error.status] ?? [
    "platform_error",
    error.status >= 500
      ? "The platform had a problem handling that. Please try again shortly."
      : "The platform refused that request.",
  ];
  return new UserFacingError(code, withRequestId(message, requestId));
}
