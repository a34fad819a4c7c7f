import { discordTimestamp } from "../../display/discord-timestamp.js";
import { formatDuration } from "../../display/duration.js";
import { plainCode, plainText } from "../../display/platform-text.js";
import { retiredSecretAcceptanceMs } from "../../store/webhook-retired-secrets.js";
import type { ReplacedWebhook } from "./replace-webhook.js";

/**
 * What happened when the platform could not update a webhook in place (replace-webhook.ts), for the replies
 * to `rotate-secret` and `register`: the new webhook, how long the old secret still works, and the old
 * webhook left for the admin to delete, since the platform's API offers no way to.
 */
export function describeReplacedWebhook(replaced: ReplacedWebhook, platformUsername: string): string[] {
  const previous = plainCode(replaced.previousWebhookId);
  return [
    `The platform could not update webhook ${previous} in place, so a new one, ` +
      `${plainCode(replaced.platformWebhookId)}, was registered with your platform account ` +
      `**${plainText(platformUsername)}**.`,
    `The old secret is still accepted for ${formatDuration(retiredSecretAcceptanceMs / 1000)}, until ` +
      `${discordTimestamp(replaced.previousAcceptedUntil, "f")}, so deliveries the platform is still retrying arrive.`,
    `The bot cannot delete ${previous} (the platform offers no way to): if it keeps sending, delete it in the ` +
      "platform with the account that registered it.",
  ];
}
