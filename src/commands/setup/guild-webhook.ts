// The platform webhook that feeds one guild (docs/architecture.md, "Managing the platform webhook"). A guild
// normally has one endpoint; a registration that never got the platform's answer leaves one without a
// platform id.
import type { Kysely } from "kysely";
import type { Clock } from "../../clock.js";
import type { SecretBox } from "../../secrets/secret-box.js";
import type { Database } from "../../store/database.js";
import { listGuildWebhookEndpoints, type WebhookEndpoint } from "../../store/webhook-endpoints.js";
import { UserFacingError } from "../../discord/user-facing-error.js";

export type RegisteredEndpoint = WebhookEndpoint & { readonly platformWebhookId: string };

export function isRegistered(endpoint: WebhookEndpoint): endpoint is RegisteredEndpoint {
  return endpoint.platformWebhookId !== null;
}

/** The newest endpoint the platform confirmed, if any. */
export async function findRegisteredEndpoint(
  deps: { readonly db: Kysely<Database>; readonly secretBox: SecretBox; readonly clock: Clock },
  guildId: string,
): Promise<RegisteredEndpoint | undefined> {
  const endpoints = await listGuildWebhookEndpoints(deps.db, deps.secretBox, guildId, deps.clock.now());
  return endpoints.filter(isRegistered).at(-1);
}

export async function requireRegisteredEndpoint(
  deps: { readonly db: Kysely<Database>; readonly secretBox: SecretBox; readonly clock: Clock },
  guildId: string,
): Promise<RegisteredEndpoint> {
  const endpoint = await findRegisteredEndpoint(deps, guildId);
  if (endpoint === undefined) {
    throw new UserFacingError(
      "webhook_not_registered",
      "This server has no platform webhook yet. Run `/setup webhook register` first.",
    );
  }
  return endpoint;
}

/** The receiving URL of an endpoint: PUBLIC_URL/webhooks/platform/<endpointId> (docs/architecture.md, "Webhooks in"). */
export function buildEndpointUrl(publicUrl: string, endpointId: string): string {
  return `${publicUrl}/webhooks/platform/${encodeURIComponent(endpointId)}`;
}
