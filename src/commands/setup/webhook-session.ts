// What `/setup webhook test|deliveries|rotate-secret` start from: the admin's own linked credential (webhook
// calls use it, docs/architecture.md, "Managing the platform webhook") and this server's registered webhook.
import type { PlatformCredential } from "../../api/http.js";
import type { BotDependencies } from "../bot-dependencies.js";
import type { ServerActor } from "../../discord/interaction-handlers.js";
import { getMemberSession } from "../../linking/member-credential.js";
import { requireRegisteredEndpoint, type RegisteredEndpoint } from "./guild-webhook.js";

export interface WebhookSession {
  readonly credential: PlatformCredential;
  readonly platformUsername: string;
  readonly endpoint: RegisteredEndpoint;
  /** What callOwnWebhook (webhook-ownership.ts) names when the webhook is another account's. */
  readonly owned: { readonly platformWebhookId: string; readonly platformUsername: string };
}

/** The admin must be linked, then the server must have a registered webhook: refused in that order. */
export async function openWebhookSession(deps: BotDependencies, actor: ServerActor): Promise<WebhookSession> {
  const { link, credential } = await getMemberSession(deps, actor);
  const endpoint = await requireRegisteredEndpoint(deps, actor.guildId);
  const platformUsername = link.platformUsername;
  const owned = { platformWebhookId: endpoint.platformWebhookId, platformUsername };
  return { credential, platformUsername, endpoint, owned };
}
