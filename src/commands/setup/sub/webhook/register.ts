// `/setup webhook register` (docs/architecture.md, "Managing the platform webhook"): POST /api/v1/webhooks
// with url = PUBLIC_URL/webhooks/platform/<endpointId>, a generated secret and the guild's kinds, as the
// admin's own linked account. Run again, it updates the kinds of the webhook it registered and turns it on;
// when the platform cannot update it in place, it registers a new one with a new secret (replace-webhook.ts).
import type { PlatformCredential } from "../../../../api/http.js";
import { registerWebhook, updateWebhook } from "../../../../api/webhooks.js";
import { retiredSecretAcceptanceMs } from "../../../../store/webhook-retired-secrets.js";
import type { BotDependencies } from "../../../bot-dependencies.js";
import type { EventKind } from "../../../../events/event-kinds.js";
import { findGuildRoleSettings } from "../../../../store/guild-role-settings.js";
import { listGuildSubscriptions } from "../../../../store/subscriptions.js";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listGuildWebhookEndpoints,
  restoreWebhookSecret,
  rotateWebhookSecret,
  savePlatformWebhookId,
  type WebhookEndpoint,
} from "../../../../store/webhook-endpoints.js";
import { sortEventKinds } from "../../../../display/event-kind-labels.js";
import { buildEndpointUrl, isRegistered, type RegisteredEndpoint } from "../../guild-webhook.js";
import {
  cannotUpdateInPlace,
  isUnconfirmed,
  registerReplacementWebhook,
  unconfirmedSecretError,
  type ReplacedWebhook,
} from "../../replace-webhook.js";
import { changeWebhookAlone } from "../../webhook-change.js";
import { chooseWebhookKinds } from "../../webhook-kinds.js";
import { generateWebhookSecret } from "../../webhook-secret.js";
import { getMemberSession } from "../../../../linking/member-credential.js";
import { renderRegisterOutcome } from "../../render-register-outcome.js";
import type { SubcommandContext } from "../../setup-arguments.js";

interface RegisteredWebhookView {
  readonly platformWebhookId: string;
  readonly url: string;
  readonly kinds: readonly EventKind[];
}

export type RegisterOutcome =
  | (RegisteredWebhookView & { readonly result: "registered" | "updated" })
  | (RegisteredWebhookView & { readonly result: "replaced" } & ReplacedWebhook);

interface RegisterRequest {
  readonly guildId: string;
  readonly credential: PlatformCredential;
}

export async function registerGuildWebhook(
  deps: BotDependencies,
  request: RegisterRequest,
): Promise<RegisterOutcome> {
  const endpoints = await listGuildWebhookEndpoints(
    deps.db,
    deps.secretBox,
    request.guildId,
    deps.clock.now(),
  );
  const roles = await findGuildRoleSettings(deps.db, request.guildId);
  const kinds = chooseWebhookKinds(await listGuildSubscriptions(deps.db, request.guildId), {
    tierRoles: roles !== undefined && roles.mode !== "off",
  });
  const registered = endpoints.filter(isRegistered).at(-1);
  if (registered !== undefined) return updateKinds(deps, request, registered, kinds);
  // A registration whose answer never came is retried with the same endpoint and secret: if the platform
  // did create that webhook, both sign with the secret the bot has, and the inbox drops repeated events.
  const unconfirmed = endpoints.filter((endpoint) => !isRegistered(endpoint)).at(-1);
  return registerEndpoint(deps, request, unconfirmed, kinds);
}

/**
 * Syncs the kinds (only ever adding) and turns the webhook on. When the platform cannot update the webhook in
 * place (it lacks the operation, or the webhook is another account's or gone), registers a new one for the
 * same endpoint.
 */
async function updateKinds(
  deps: BotDependencies,
  request: RegisterRequest,
  endpoint: RegisteredEndpoint,
  kinds: readonly EventKind[],
): Promise<RegisterOutcome> {
  const url = buildEndpointUrl(deps.config.http.publicUrl, endpoint.id);
  const events = sortEventKinds([...endpoint.eventKinds, ...kinds]);
  try {
    // Registering again also turns the webhook back on: the platform may have switched it off (`active`),
    // and an admin who registers wants deliveries.
    await updateWebhook(deps.platform, request.credential, endpoint.platformWebhookId, {
      url,
      events,
      active: true,
    });
  } catch (error) {
    if (!cannotUpdateInPlace(error)) throw error;
    const replaced = await replaceWebhook(deps, request, endpoint, events);
    return { result: "replaced", url, kinds: events, ...replaced };
  }
  const { id, platformWebhookId } = endpoint;
  await savePlatformWebhookId(deps.db, { id, platformWebhookId, eventKinds: events, now: deps.clock.now() });
  return { result: "updated", platformWebhookId, url, kinds: events };
}

/**
 * A new secret first, the old one retired and still accepted for the old webhook's retries (as
 * rotate-secret.ts does), then a new webhook signed with it; a refusal puts the old secret back.
 */
async function replaceWebhook(
  deps: BotDependencies,
  request: RegisterRequest,
  endpoint: RegisteredEndpoint,
  events: readonly EventKind[],
): Promise<ReplacedWebhook> {
  const secret = generateWebhookSecret();
  const rotatedAt = deps.clock.now();
  await rotateWebhookSecret(deps.db, deps.secretBox, { id: endpoint.id, newSecret: secret, now: rotatedAt });
  try {
    return await registerReplacementWebhook(deps, {
      endpoint,
      credential: request.credential,
      secret,
      rotatedAt,
      events,
    });
  } catch (error) {
    if (isUnconfirmed(error)) {
      // The platform may have made the new webhook with the new secret, so both stay accepted; the old one
      // only for an hour, which the admin must hear (as after a rotation the platform did not confirm).
      deps.logger.warn(
        { err: error, endpointId: endpoint.id },
        "the platform did not confirm the webhook registered in place of one it could not update",
      );
      throw unconfirmedSecretError({
        code: "replacement_unconfirmed",
        opening:
          `The platform could not update webhook \`${endpoint.platformWebhookId}\` in place, and the new one ` +
          "the bot registered in its place with a new secret was not confirmed (if the platform made it and " +
          "the next run makes another, delete the extra one in the platform once its deliveries fail).",
        acceptedUntil: rotatedAt + retiredSecretAcceptanceMs,
        command: "/setup webhook register",
      });
    }
    const restore = { id: endpoint.id, refused: secret, rotatedAt, now: deps.clock.now() };
    await restoreWebhookSecret(deps.db, deps.secretBox, restore);
    throw error;
  }
}

async function registerEndpoint(
  deps: BotDependencies,
  request: RegisterRequest,
  unconfirmed: WebhookEndpoint | undefined,
  kinds: readonly EventKind[],
): Promise<RegisterOutcome> {
  const endpoint =
    unconfirmed ??
    (await createWebhookEndpoint(deps.db, deps.secretBox, {
      guildId: request.guildId,
      secret: generateWebhookSecret(),
      eventKinds: kinds,
      now: deps.clock.now(),
    }));
  const url = buildEndpointUrl(deps.config.http.publicUrl, endpoint.id);
  let platformWebhookId: string;
  try {
    const webhook = await registerWebhook(deps.platform, request.credential, {
      url,
      events: kinds,
      secret: endpoint.secret,
      description: `Discord server ${request.guildId}`,
    });
    platformWebhookId = webhook.id;
  } catch (error) {
    // A refusal (4xx) means no webhook exists: forget the endpoint. After a 5xx or a time-out it may exist, so
    // keep it, and its secret, for the next run to register with.
    if (!isUnconfirmed(error) && unconfirmed === undefined)
      await deleteWebhookEndpoint(deps.db, { guildId: request.guildId, id: endpoint.id });
    throw error;
  }
  // An unconfirmed endpoint kept from an earlier try was made with the kinds of that day: record the ones
  // sent.
  await savePlatformWebhookId(deps.db, {
    id: endpoint.id,
    platformWebhookId,
    eventKinds: kinds,
    now: deps.clock.now(),
  });
  deps.logger.info(
    { guildId: request.guildId, endpointId: endpoint.id, platformWebhookId },
    "registered a platform webhook",
  );
  return { result: "registered", platformWebhookId, url, kinds };
}

/** The subcommand, with the admin's own linked credential, one webhook change at a time per server. */
export async function runWebhookRegister(
  deps: BotDependencies,
  { actor, responder }: SubcommandContext,
): Promise<void> {
  const { link, credential } = await getMemberSession(deps, actor);
  const outcome = await changeWebhookAlone(deps, actor.guildId, () =>
    registerGuildWebhook(deps, { guildId: actor.guildId, credential }),
  );
  await responder.reply(renderRegisterOutcome(outcome, link.platformUsername));
}
