import type { Reply } from "./interaction-responder.js";

/**
 * An error whose message is safe and useful to show the member (docs/conventions.md, habit 4): it becomes an
 * ephemeral reply. Anything else is logged with its stack and answered with a reference id.
 */
export class UserFacingError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** A reply richer than the message alone, e.g. the "Link account" prompt with its button. */
    readonly reply?: Omit<Reply, "ephemeral">,
    /**
     * `cause`: an error behind the message the operator should see (an answer of the platform the bot cannot
     * read). The dispatcher logs it with a reference and shows the member that reference to quote.
     */
    options?: { readonly cause?: unknown },
  ) {
    super(message, options);
    this.name = "UserFacingError";
  }
}
