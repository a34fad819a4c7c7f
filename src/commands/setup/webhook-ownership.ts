import { PlatformError } from "../../api/errors.js";
import { UserFacingError } from "../../discord/user-facing-error.js";
import { plainCode, plainText } from "../../display/platform-text.js";

/**
 * A platform webhook belongs to the account that registered it; another admin's credential gets 404 for it
 * (the sandbox's rule, the likely one), and so does its own once the webhook was deleted on the platform. The
 * bot cannot tell the two apart, so it says both, and what mends either: its owner running the command, or
 * `/setup webhook register`, which registers a new webhook for the server's endpoint with this admin's
 * account.
 */
export async function callOwnWebhook<T>(
  webhook: { readonly platformWebhookId: string; readonly platformUsername: string },
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof PlatformError) || error.status !== 404) throw error;
    throw new UserFacingError(
      "webhook_of_another_account",
      `The platform has no webhook ${plainCode(webhook.platformWebhookId)} for your linked account ` +
        `(**${plainText(webhook.platformUsername)}**): another account registered it, or it was deleted on ` +
        "the platform. A webhook can only be managed with the account that registered it, so ask that admin " +
        "to run this command, or run `/setup webhook register` to register a new one with your account.",
    );
  }
}
