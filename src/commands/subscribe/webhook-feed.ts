import type { BotDependencies } from "../bot-dependencies.js";
import { findRegisteredEndpoint } from "../setup/guild-webhook.js";
import type { WebhookFeed } from "./render-subscribe-outcome.js";

/** What feeds this guild's events: the operator's webhook, the guild's own, or nothing yet. */
export async function readWebhookFeed(deps: BotDependencies, guildId: string): Promise<WebhookFeed> {
  if (deps.config.platform.webhookSecret !== undefined) return { source: "operator" };
  const endpoint = await findRegisteredEndpoint(deps, guildId);
  return endpoint === undefined ? { source: "none" } : { source: "endpoint", kinds: endpoint.eventKinds };
}
