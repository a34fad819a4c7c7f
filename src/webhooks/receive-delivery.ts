// One delivery, from bytes to answer (docs/architecture.md, "Webhooks in"): verify, then store durably (or
// drop an event too old to store, stale-event.ts, or refuse one dated too far ahead for now, future-event.ts),
// then say so. Transport-free, so webhook-routes.ts stays a thin adapter.
import type { Logger } from "../logger.js";
import { isAnyWorkQueued } from "../store/event-stored-subscribers.js";
import type { WebhookEndpoint } from "../store/webhook-endpoints.js";
import { isRetiredSecretAccepted, maxRetiredSecretsAccepted } from "../store/webhook-retired-secrets.js";
import type { EventSource } from "./event-source.js";
import type { Ingester } from "./create-ingester.js";
import type { IngestStatus } from "./ingest-event.js";
import { verifySignature } from "./verify-signature.js";
import type { WebhookMetrics } from "./webhook-metrics.js";

export interface DeliveryDependencies {
  /** Stores a verified delivery durably (create-ingester.ts). */
  readonly ingest: Ingester;
  readonly logger: Pick<Logger, "info" | "warn">;
  readonly metrics: WebhookMetrics;
  /** Called after a commit that queued announcements or a subscriber's work, so the workers start at once. */
  readonly onEnqueued?: (() => void) | undefined;
}

export type DeliveryAnswer =
  | {
      readonly statusCode: 200;
      readonly body: { readonly status: Exclude<IngestStatus, "future">; readonly eventId: string };
    }
  | { readonly statusCode: 401; readonly body: { readonly error: "invalid_signature" } }
  | { readonly statusCode: 425; readonly body: { readonly error: "too_early"; readonly eventId: string } };

export async function receiveDelivery(
  deps: DeliveryDependencies,
  delivery: {
    readonly rawBody: Buffer;
    readonly signature: string | undefined;
    readonly source: EventSource;
    readonly secrets: readonly string[];
  },
): Promise<DeliveryAnswer> {
  const { rawBody, signature, source } = delivery;
  if (!verifySignature(rawBody, signature, delivery.secrets)) {
    const reason = signature === undefined ? "missing_signature" : "bad_signature";
    deps.metrics.rejected(reason);
    deps.logger.info({ source: source.type, reason }, "webhook delivery refused");
    return { statusCode: 401, body: { error: "invalid_signature" } };
  }
  const result = await deps.ingest({ rawBody, source });
  const { status } = result;
  deps.metrics.received(status, result.enqueued);
  if (result.enqueued > 0 || isAnyWorkQueued(result)) deps.onEnqueued?.();
  if (status === "stale") {
    // No payload: the id and the age say what was dropped and why.
    deps.logger.warn(
      { eventId: result.eventId, source: source.type, ageMs: result.ageMs },
      "webhook event older than the inbox remembers; acknowledged and dropped",
    );
  }
  if (status === "future") {
    // Not acknowledged: the platform retries a non-2xx answer for 40 min 30 s, and a retry that our clock
    // has caught up with is stored as any event is (future-event.ts).
    deps.logger.warn(
      { eventId: result.eventId, source: source.type, aheadMs: result.aheadMs },
      "webhook event dated ahead of our clock by more than the allowance; answered 425 for the platform to retry (is either clock wrong?)",
    );
    return { statusCode: 425, body: { error: "too_early", eventId: result.eventId } };
  }
  if (status === "dead") {
    deps.logger.warn(
      { eventId: result.eventId, source: source.type, error: result.error },
      "webhook event dead-lettered",
    );
  }
  return { statusCode: 200, body: { status, eventId: result.eventId } };
}

/**
 * The secrets a delivery may be signed with: the current one, and the newest few (maxRetiredSecretsAccepted)
 * retired within the last hour, which the platform may still retry with. Each is an HMAC over the body for
 * every delivery, signed or not, so they are bounded however many retirements there were. For a guild
 * endpoint a rotation retires a secret; for the operator's route, a restart with another
 * PLATFORM_WEBHOOK_SECRET (src/store/operator-webhook-secrets.ts). `retiredSecrets` is newest first, and the
 * store already reads no more than these.
 */
export function acceptedSecrets(
  endpoint: Pick<WebhookEndpoint, "secret" | "retiredSecrets">,
  now: number,
): string[] {
  const retired = endpoint.retiredSecrets
    .filter((retiredSecret) => isRetiredSecretAccepted(retiredSecret, now))
    .slice(0, maxRetiredSecretsAccepted);
  return [endpoint.secret, ...retired.map((retiredSecret) => retiredSecret.secret)];
}
