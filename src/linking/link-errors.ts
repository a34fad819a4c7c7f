import { ButtonStyle, ComponentType } from "discord-api-types/v10";
import { PlatformError } from "../api/errors.js";
import { UserFacingError } from "../discord/user-facing-error.js";
import { classifyWriteFault } from "../store/write-fault.js";

/** Custom id of the "Link account" button in the prompt shown to unlinked members. */
export const linkPromptCustomId = "link:start";

/**
 * A member who is not linked gets an ephemeral prompt with a Link button (docs/architecture.md, "Commands");
 * outside a server it offers the personal link.
 */
export function notLinkedError(personal = false): UserFacingError {
  return new UserFacingError(
    "not_linked",
    personal
      ? "You haven't linked a platform account for use outside servers yet. Press Link account (or run `/link` here) to link one."
      : "You haven't linked a platform account in this server yet. Link one to use this command.",
    {
      components: [
        {
          type: ComponentType.ActionRow,
          components: [
            {
              type: ComponentType.Button,
              style: ButtonStyle.Primary,
              custom_id: linkPromptCustomId,
              label: "Link account",
            },
          ],
        },
      ],
    },
  );
}

/** The code of reauthNeededError, which the Linked Roles worker tells apart. */
export const reauthNeeded = "reauth_needed";

export function reauthNeededError(): UserFacingError {
  return new UserFacingError(
    reauthNeeded,
    "Your platform authorization has expired or was revoked. Run `/link` to link your account again.",
    {
      components: [
        {
          type: ComponentType.ActionRow,
          components: [
            {
              type: ComponentType.Button,
              style: ButtonStyle.Primary,
              custom_id: linkPromptCustomId,
              label: "Link again",
            },
          ],
        },
      ],
    },
  );
}

export function oauthDisabledError(): UserFacingError {
  return new UserFacingError(
    "oauth_disabled",
    "Linking through the platform's sign-in page is not set up on this bot. Use an API key instead.",
  );
}

/** The code of platformAccessMisconfiguredError, which the Linked Roles callback tells apart. */
export const platformAccessMisconfigured = "platform_access_misconfigured";

/**
 * A refresh the token endpoint refused for the bot's own reasons (its client id or secret, or a broken answer):
 * the member's link is fine, so they are not asked to link again (docs/architecture.md, "Linking").
 */
export function platformAccessMisconfiguredError(): UserFacingError {
  return new UserFacingError(
    platformAccessMisconfigured,
    "The bot's access to the platform is misconfigured, so this could not be done. Your account is still linked. Please ask a server admin to check the bot's platform settings.",
  );
}

/**
 * A refresh held back while the database cannot write (member-credential.ts): neither the member's doing nor
 * lasting, so it is no `UserFacingError`, which workers take for a link they cannot use; they retry it, and the
 * dispatcher tells the member as it tells any write fault (src/bot/describe-interaction-error.ts).
 */
export class RefreshAwaitsWritesError extends Error {
  override readonly name = "RefreshAwaitsWritesError";

  constructor() {
    super("The database cannot write, so the member's token is not refreshed until it can");
  }
}

/**
 * Whether an error is the database unable to write (docs/operations.md, "When SQLite cannot write"): a fault
 * SQLite or PostgreSQL reported, or a token refresh held back for one.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return error instanceof RefreshAwaitsWritesError || classifyWriteFault(error) !== undefined;
}

/** The platform refused the credential itself (401): the same request again meets the same refusal. */
export function isCredentialRefused(error: unknown): boolean {
  return error instanceof PlatformError && error.status === 401;
}
