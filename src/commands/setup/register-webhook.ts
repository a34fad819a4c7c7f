// `/setup webhook register` (docs/architecture.md, "Managing the platform webhook"): POST /api/v1/webhooks
// with url = PUBLIC_URL/webhooks/platform/<endpointId>, a generated secret and the guild's kinds, as the
// admin's own linked account. Run again, it updates the kinds of the webhook it registered.
import { PlatformError } from "../../api/errors.js";
import type { PlatformCredential } from "../../api/http.js";
import { registerWebhook, updateWebhook } from "../../api/webhooks.js";
import type { BotDependencies } from "../bot-dependencies.js";
import type { EventKind } from "../../events/event-kinds.js";
import { listGuildSubscriptions } from "../../store/subscriptions.js";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listGuildWebhookEndpoints,
  savePlatformWebhookId,
  type WebhookEndpoint,
} from "../../store/webhook-endpoints.js";
import { sortEventKinds } from "../../display/event-kind-labels.js";
import { buildEndpointUrl, isRegistered, type RegisteredEndpoint } from "./guild-webhook.js";
import { chooseWebhookKinds } from "./webhook-kinds.js";
import { generateWebhookSecret } from "./webhook-secret.js";

export interface RegisterOutcome {
  readonly result: "registered" | "updated";
  readonly platformWebhookId: string;
  readonly url: string;
  readonly kinds: readonly EventKind[];
  /** A webhook this guild had that the admin's account cannot manage (another account's, or deleted). */
  readonly replacedWebhookId?: string | undefined;
}

interface RegisterRequest {
  readonly guildId: string;
  readonly credential: PlatformCredential;
}

export async function registerGuildWebhook(
  deps: BotDependencies,
  request: RegisterRequest,
): Promise<RegisterOutcome> {
  const endpoints = await listGuildWebhookEndpoints(deps.db, deps.secretBox, request.guildId);
  const kinds = chooseWebhookKinds(await listGuildSubscriptions(deps.db, request.guildId));
  const registered = endpoints.filter(isRegistered).at(-1);
  if (registered !== undefined) {
    const updated = await updateKinds(deps, request, registered, kinds);
    if (updated !== undefined) return updated;
    await deleteWebhookEndpoint(deps.db, { guildId: request.guildId, id: registered.id });
  }
  // A registration whose answer never came is retried with the same endpoint and secret: if the platform
  // did create that webhook, both sign with the secret the bot has, and the inbox drops repeated events.
  const unconfirmed = endpoints.filter((endpoint) => !isRegistered(endpoint)).at(-1);
  const outcome = await registerEndpoint(deps, request, unconfirmed, kinds);
  return { ...outcome, replacedWebhookId: registered?.platformWebhookId };
}

/** Syncs the kinds (only ever adding); undefined when the platform does not know the webhook for this account. */
async function updateKinds(
  deps: BotDependencies,
  request: RegisterRequest,
  endpoint: RegisteredEndpoint,
  kinds: readonly EventKind[],
): Promise<RegisterOutcome | undefined> {
  const url = buildEndpointUrl(deps.config.http.publicUrl, endpoint.id);
  const events = sortEventKinds([...endpoint.eventKinds, ...kinds]);
  try {
    await updateWebhook(deps.platform, request.credential, endpoint.platformWebhookId, { url, events });
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404) return undefined;
    throw error;
  }
  return { result: "updated", platformWebhookId: endpoint.platformWebhookId, url, kinds: events };
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
    // A refusal means no webhook exists: forget the endpoint. After a time-out it may exist, so keep it.
    if (error instanceof PlatformError && unconfirmed === undefined)
      await deleteWebhookEndpoint(deps.db, { guildId: request.guildId, id: endpoint.id });
    throw error;
  }
  await savePlatformWebhookId(deps.db, { id: endpoint.id, platformWebhookId, now: deps.clock.now() });
  deps.logger.info(
    { guildId: request.guildId, endpointId: endpoint.id, platformWebhookId },
    "registered a platform webhook",
  );
  return { result: "registered", platformWebhookId, url, kinds };
}
