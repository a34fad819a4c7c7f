import { PlatformError } from "../../api/errors.js";
import { UserFacingError } from "../../discord/user-facing-error.js";
import { plainCode, plainText } from "../../display/platform-text.js";

/**
 * A platform webhook belongs to the account that registered it; another admin's credential gets 404 for
 * it (the sandbox's rule, the likely one). Says so instead of "no such item".
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
        `(**${plainText(webhook.platformUsername)}**). A webhook can only be managed with the platform account that ` +
        "registered it: ask the admin who registered it to run this command.",
    );
  }
}
