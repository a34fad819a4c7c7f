// What the OAuth pages say (docs/architecture.md, "Linking"): short, plain, and always what to do next.
import type { OAuthStartFailure } from "../linking/oauth-start.js";
import type { PendingOAuthLinkFailure } from "../linking/pending-oauth-link.js";
import type { OAuthStateNames } from "../store/oauth-states.js";

/** Another browser is told only that the sign-in is not its own, never whose it is or how far it went. */
export const oauthFailureMessages: Record<PendingOAuthLinkFailure | OAuthStartFailure, string> = {
  unknown_state: "This link request is unknown or was already used. Run /link in Discord to start again.",
  expired_state: "This link request expired (they last 10 minutes). Run /link in Discord to start again.",
  other_browser:
    "This sign-in was not started in this browser, so nothing was linked. Run /link in Discord and open its link in this browser to start again.",
  opened_elsewhere:
    "This sign-in link was already opened in another browser. Run /link in Discord to get a new one.",
  oauth_disabled: "Linking through the platform is not set up on this bot.",
};

/** A request these routes could not read, by the part of it that failed its route's schema (if one did). */
export function describeMalformedRequest(failedPart: string | undefined): string {
  switch (failedPart) {
    case "params":
      return "The sign-in link was malformed. Run /link in Discord to start again.";
    case "querystring":
      return "The sign-in answer was malformed. Run /link in Discord to start again.";
    case "body":
      return "The confirmation was malformed. Run /link in Discord to start again.";
    default:
      return "The request was malformed, so nothing was linked. Run /link in Discord to start again.";
  }
}

export const exchangeInProgressMessage =
  "This sign-in is still being completed (perhaps in another tab or window). Reload this page in a few seconds.";

export const tooManyStartsMessage =
  "Too many sign-ins were started from your network in the last minute. Wait a minute, then open the link again.";

export const forgedConfirmationMessage =
  "This confirmation was not sent from the confirmation page, so nothing was linked. Open the sign-in link from /link again.";

/** "Mallory (@mallory)": the Discord member a link goes to. */
export function describeMember(names: OAuthStateNames): string {
  if (names.memberName === undefined) return "the Discord member who ran /link";
  if (names.memberUsername === undefined || names.memberUsername === names.memberName)
    return names.memberName;
  return `${names.memberName} (@${names.memberUsername})`;
}

/** The server a link is made in. */
export function describeServer(names: OAuthStateNames): string {
  return names.guildName ?? "a Discord server";
}

/**
 * Where a link applies: "in <server>", or outside servers for a personal link (docs/architecture.md,
 * "Personal links").
 */
export function describeWhere(pending: {
  readonly guildId: string | undefined;
  readonly names: OAuthStateNames;
}): string {
  return pending.guildId === undefined
    ? "as their personal link, used outside servers"
    : `in ${describeServer(pending.names)}`;
}

/**
 * A page answered while the database cannot write (a full disk, a read-only file, a lock held too long): it
 * is the bot's and it passes (docs/operations.md, "When SQLite cannot write"). `next` says what to do in a few
 * minutes, as the step that failed allows: the same again, or /link, where a code was already spent.
 */
export function cannotSaveMessage(next: string): string {
  return `The bot can't save anything right now. ${next}`;
}
