// `/setup webhook rotate-secret`: a new signing secret, stored first (the old one stays accepted for an hour,
// docs/architecture.md, "Webhooks in" step 1), then sent to the platform. If the platform refuses, the old
// secret is put back, since the platform still signs with it; if its answer is lost, both stay accepted.
import { PlatformError } from "../../api/errors.js";
import type { PlatformCredential } from "../../api/http.js";
import { updateWebhook } from "../../api/webhooks.js";
import type { BotDependencies } from "../bot-dependencies.js";
import { UserFacingError } from "../../discord/user-facing-error.js";
import { restoreWebhookSecret, rotateWebhookSecret } from "../../store/webhook-endpoints.js";
import { retiredSecretAcceptanceMs } from "../../store/webhook-retired-secrets.js";
import type { RegisteredEndpoint } from "./guild-webhook.js";
import { generateWebhookSecret } from "./webhook-secret.js";
import { discordTimestamp } from "../../display/discord-timestamp.js";

export async function rotateGuildWebhookSecret(
  deps: BotDependencies,
  request: { readonly endpoint: RegisteredEndpoint; readonly credential: PlatformCredential },
): Promise<{ readonly previousAcceptedUntil: number }> {
  const { endpoint } = request;
  const now = deps.clock.now();
  const newSecret = generateWebhookSecret();
  const previousAcceptedUntil = now + retiredSecretAcceptanceMs;
  await rotateWebhookSecret(deps.db, deps.secretBox, { id: endpoint.id, newSecret, now });
  try {
    await updateWebhook(deps.platform, request.credential, endpoint.platformWebhookId, { secret: newSecret });
  } catch (error) {
    if (!(error instanceof PlatformError) || error.status >= 500) {
      deps.logger.warn({ err: error, endpointId: endpoint.id }, "the platform did not confirm a new secret");
      throw new UserFacingError(
        "rotation_unconfirmed",
        "The platform did not confirm the new secret. Until " +
          `${discordTimestamp(previousAcceptedUntil, "f")} the bot accepts deliveries signed with either secret; ` +
          "run `/setup webhook rotate-secret` again to finish, and `/setup webhook test` to check.",
      );
    }
    await restoreWebhookSecret(deps.db, deps.secretBox, {
      id: endpoint.id,
      secret: endpoint.secret,
      rotatedAt: now,
      now,
    });
    throw error;
  }
  deps.logger.info({ guildId: endpoint.guildId, endpointId: endpoint.id }, "rotated a webhook secret");
  return { previousAcceptedUntil };
}
