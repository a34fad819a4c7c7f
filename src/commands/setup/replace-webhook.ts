// When the platform cannot update a webhook in place (docs/architecture.md, "Managing the platform webhook"):
// the platform's API reference shows no operation to update or delete a webhook ("Endpoints › Webhooks"), so
// a PATCH answered 404 or 405 is met by registering a new webhook for the same endpoint URL, signed with a
// new secret, while the old secret stays accepted for the platform's retries (webhook-retired-secrets.ts).
import { PlatformError } from "../../api/errors.js";
import type { PlatformCredential } from "../../api/http.js";
import { registerWebhook } from "../../api/webhooks.js";
import type { EventKind } from "../../events/event-kinds.js";
import { discordTimestamp } from "../../display/discord-timestamp.js";
import { UserFacingError } from "../../discord/user-facing-error.js";
import { savePlatformWebhookId } from "../../store/webhook-endpoints.js";
import { retiredSecretAcceptanceMs } from "../../store/webhook-retired-secrets.js";
import type { BotDependencies } from "../bot-dependencies.js";
import { buildEndpointUrl, type RegisteredEndpoint } from "./guild-webhook.js";

/**
 * PATCH /api/v1/webhooks/{id} answered 404 (no such route, or not this account's webhook: the two cannot be
 * told apart) or 405 (no such method).
 */
export function cannotUpdateInPlace(error: unknown): error is PlatformError {
  return error instanceof PlatformError && (error.status === 404 || error.status === 405);
}

export interface ReplacedWebhook {
  /** The webhook the platform could not update; it may still exist and keep sending. */
  readonly previousWebhookId: string;
  readonly platformWebhookId: string;
  /** Until then deliveries signed with the old secret are still accepted. */
  readonly previousAcceptedUntil: number;
}

interface ReplacementRequest {
  /** The endpoint as it was before the rotation: its platform webhook id and its old secret. */
  readonly endpoint: RegisteredEndpoint;
  readonly credential: PlatformCredential;
  /** The endpoint's current secret, installed by the rotation at `rotatedAt`. */
  readonly secret: string;
  readonly rotatedAt: number;
  readonly events: readonly EventKind[];
}

/**
 * Registers the new webhook and records its id and kinds on the endpoint. Throws what the platform
 * answered otherwise; the caller puts the old secret back if that was a refusal, as after any refused
 * rotation.
 */
export async function registerReplacementWebhook(
  deps: BotDependencies,
  request: ReplacementRequest,
): Promise<ReplacedWebhook> {
  const { endpoint, events } = request;
  const webhook = await registerWebhook(deps.platform, request.credential, {
    url: buildEndpointUrl(deps.config.http.publicUrl, endpoint.id),
    events,
    secret: request.secret,
    description: `Discord server ${endpoint.guildId}`,
  });
  await savePlatformWebhookId(deps.db, {
    id: endpoint.id,
    platformWebhookId: webhook.id,
    eventKinds: events,
    now: deps.clock.now(),
  });
  deps.logger.info(
    {
      guildId: endpoint.guildId,
      endpointId: endpoint.id,
      platformWebhookId: webhook.id,
      previousWebhookId: endpoint.platformWebhookId,
    },
    "registered a platform webhook in place of one the platform could not update",
  );
  return {
    previousWebhookId: endpoint.platformWebhookId,
    platformWebhookId: webhook.id,
    previousAcceptedUntil: request.rotatedAt + retiredSecretAcceptanceMs,
  };
}

/**
 * A new secret sent to the platform (a PATCH, or a webhook registered in place of one) that may have taken
 * effect though the change did not finish: a 5xx, no answer, or the bot's own database failing to record the
 * new webhook the platform made. Only a refusal (4xx) says the platform took nothing.
 */
export function isUnconfirmed(error: unknown): boolean {
  return !(error instanceof PlatformError) || error.status >= 500;
}

/**
 * What the admin is told then: both secrets stay accepted, the old one for its hour (until `acceptedUntil`),
 * and running `command` again finishes the change.
 */
export function unconfirmedSecretError(input: {
  readonly code: string;
  /** What was not confirmed, as the reply's first sentence. */
  readonly opening: string;
  readonly acceptedUntil: number;
  readonly command: string;
}): UserFacingError {
  return new UserFacingError(
    input.code,
    `${input.opening} Until ${discordTimestamp(input.acceptedUntil, "f")} the bot accepts deliveries signed ` +
      `with either secret; run \`${input.command}\` again to finish, and \`/setup webhook test\` to check.`,
  );
}
