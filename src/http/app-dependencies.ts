import type { LinkingDeps } from "../linking/linking-deps.js";
import type { BotMetrics } from "../metrics/bot-metrics.js";
import type { EventStoredSubscriber } from "../store/event-stored-subscribers.js";
import type { OperatorWebhookSecrets } from "../store/operator-webhook-secrets.js";
import type { ReadinessCheck } from "./health-routes.js";
import type { InteractionsRouteOptions } from "./interactions-route.js";
import type { OAuthRoutesOptions } from "./oauth-routes.js";

/**
 * What the bot's HTTP app (buildApp) is built from. The composition root (src/bot/) builds these once at start;
 * tests build them from a real database and key ring of their own.
 *
 * From LinkingDeps: the settings (`config.http.webhookAllowedIps` and
 * `trustedProxies` for the webhook routes, OAuth for the callback), the database, the secret box, the platform
 * client, the clock and the logger.
 */
export interface AppDependencies extends LinkingDeps {
  /** `GET /readyz`: what this instance needs to serve traffic (database, gateway, not stopping). */
  readonly readinessChecks: readonly ReadinessCheck[];
  /** The webhook routes count deliveries in `webhooks`; the registry is served by the metrics listener. */
  readonly metrics: Pick<BotMetrics, "webhooks">;
  /** After `POST /oauth/confirm` stored a link: edits the member's original `/link` reply (best effort). */
  readonly announceLink: OAuthRoutesOptions["announceLink"];
  /** After "Cancel" on the confirm page: edits that reply to say so, without its button (best effort). */
  readonly announceCancel: OAuthRoutesOptions["announceCancel"];
  /**
   * The secrets `POST /webhooks/platform` accepts: PLATFORM_WEBHOOK_SECRET and those it replaced within the
   * hour, recorded at start (src/store/operator-webhook-secrets.ts); undefined while it is unset (404).
   */
  readonly operatorWebhookSecrets: OperatorWebhookSecrets | undefined;
  /** What runs in the transaction that stores a webhook's event: read models, queues (the bot's list). */
  readonly eventStoredSubscribers: readonly EventStoredSubscriber[];
  /** After a webhook delivery queued announcements: wakes the outbox worker. */
  readonly onEnqueued: () => void;
  /** Linked Roles' OAuth2 client; the verification URL is off without it (DISCORD_CLIENT_SECRET). */
  readonly linkedRoles?: OAuthRoutesOptions["linkedRoles"];
  /** `POST /interactions` is served only with these, in HTTP interactions mode (INTERACTIONS_MODE=http). */
  readonly interactions: HttpInteractions | undefined;
}

/** What `POST /interactions` needs besides the clock and database: the application's public key, dispatcher, in-flight set. */
export type HttpInteractions = Omit<InteractionsRouteOptions, "clock" | "db">;
