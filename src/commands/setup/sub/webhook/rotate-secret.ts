// `/setup webhook rotate-secret`: a new signing secret, stored first (the old one stays accepted for an hour,
// docs/architecture.md, "Webhooks in" step 1), then sent to the platform. If the platform cannot update the
// webhook in place, a new webhook is registered with the new secret (replace-webhook.ts). If the platform
// refuses, the old secret is put back, since the platform still signs with it (unless another rotation, which
// the platform took, replaced the refused one meanwhile); if its answer is lost, both stay accepted.
import type { PlatformCredential } from "../../../../api/http.js";
import { updateWebhook } from "../../../../api/webhooks.js";
import type { BotDependencies } from "../../../bot-dependencies.js";
import { sortEventKinds } from "../../../../display/event-kind-labels.js";
import { listGuildSubscriptions } from "../../../../store/subscriptions.js";
import { restoreWebhookSecret, rotateWebhookSecret } from "../../../../store/webhook-endpoints.js";
import { retiredSecretAcceptanceMs } from "../../../../store/webhook-retired-secrets.js";
import type { RegisteredEndpoint } from "../../guild-webhook.js";
import {
  cannotUpdateInPlace,
  isUnconfirmed,
  registerReplacementWebhook,
  unconfirmedSecretError,
  type ReplacedWebhook,
} from "../../replace-webhook.js";
import { generateWebhookSecret } from "../../webhook-secret.js";
import { renderRotationOutcome } from "../../render-rotation-outcome.js";
import type { SubcommandContext } from "../../setup-arguments.js";
import { changeWebhookAlone } from "../../webhook-change.js";
import { openWebhookSession } from "../../webhook-session.js";

export type RotationOutcome =
  | {
      readonly result: "rotated";
      readonly platformWebhookId: string;
      readonly previousAcceptedUntil: number;
    }
  | ({ readonly result: "replaced" } & ReplacedWebhook);

interface RotationRequest {
  readonly endpoint: RegisteredEndpoint;
  readonly credential: PlatformCredential;
}

export async function rotateGuildWebhookSecret(
  deps: BotDependencies,
  request: RotationRequest,
): Promise<RotationOutcome> {
  const { endpoint } = request;
  const now = deps.clock.now();
  const newSecret = generateWebhookSecret();
  const previousAcceptedUntil = now + retiredSecretAcceptanceMs;
  await rotateWebhookSecret(deps.db, deps.secretBox, { id: endpoint.id, newSecret, now });
  let outcome: RotationOutcome;
  try {
    outcome = await sendNewSecret(deps, request, newSecret, now);
  } catch (error) {
    if (isUnconfirmed(error)) {
      deps.logger.warn({ err: error, endpointId: endpoint.id }, "the platform did not confirm a new secret");
      throw unconfirmedSecretError({
        code: "rotation_unconfirmed",
        opening: "The platform did not confirm the new secret.",
        acceptedUntil: previousAcceptedUntil,
        command: "/setup webhook rotate-secret",
      });
    }
    await restoreWebhookSecret(deps.db, deps.secretBox, {
      id: endpoint.id,
      refused: newSecret,
      rotatedAt: now,
      now,
    });
    throw error;
  }
  deps.logger.info({ guildId: endpoint.guildId, endpointId: endpoint.id }, "rotated a webhook secret");
  return outcome;
}

/** PATCH the secret; when the platform cannot, register a new webhook with it, same URL and kinds. */
async function sendNewSecret(
  deps: BotDependencies,
  request: RotationRequest,
  newSecret: string,
  rotatedAt: number,
): Promise<RotationOutcome> {
  const { endpoint } = request;
  try {
    await updateWebhook(deps.platform, request.credential, endpoint.platformWebhookId, { secret: newSecret });
  } catch (error) {
    if (!cannotUpdateInPlace(error)) throw error;
    // The webhook's kinds, and any a route uses that an older version of the bot did not record.
    const subscriptions = await listGuildSubscriptions(deps.db, endpoint.guildId);
    const events = sortEventKinds([
      ...endpoint.eventKinds,
      ...subscriptions.flatMap((subscription) => subscription.eventKinds),
    ]);
    const replaced = await registerReplacementWebhook(deps, {
      ...request,
      secret: newSecret,
      rotatedAt,
      events,
    });
    return { result: "replaced", ...replaced };
  }
  return {
    result: "rotated",
    platformWebhookId: endpoint.platformWebhookId,
    previousAcceptedUntil: rotatedAt + retiredSecretAcceptanceMs,
  };
}

/**
 * The subcommand, one webhook change at a time per server. Not callOwnWebhook: a webhook this account cannot
 * update is replaced by a new one.
 */
export async function runWebhookRotateSecret(
  deps: BotDependencies,
  { actor, responder }: SubcommandContext,
): Promise<void> {
  const { outcome, platformUsername } = await changeWebhookAlone(deps, actor.guildId, async () => {
    // Read under the lease: a rotation that ran before this one changed the endpoint.
    const { credential, endpoint, platformUsername } = await openWebhookSession(deps, actor);
    return { outcome: await rotateGuildWebhookSecret(deps, { endpoint, credential }), platformUsername };
  });
  await responder.reply(renderRotationOutcome(outcome, platformUsername));
}
