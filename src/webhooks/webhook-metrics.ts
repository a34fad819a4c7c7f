// Counters the receiver reports, shaped for Prometheus (a prom-client implementation is wired elsewhere):
// e.g. webhook_deliveries_total{outcome} and webhook_rejections_total{reason}.
import type { IngestStatus } from "./ingest-event.js";

export type WebhookRejectionReason =
  /** The operator secret is not set, or no endpoint has that id. */
  | "unknown_endpoint"
  /** The client address is not in WEBHOOK_ALLOWED_IPS. */
  | "source_not_allowed"
  | "missing_signature"
  | "bad_signature"
  /** Over 256 KiB. */
  | "body_too_large"
  /** Anything else Fastify refused before the handler (bad endpoint id, unreadable body). */
  | "bad_request";

export interface WebhookMetrics {
  /** A verified delivery was handled; `enqueued` outbox rows were queued (0 unless accepted). */
  received(status: IngestStatus, enqueued: number): void;
  /** A delivery was refused with a 4xx; nothing was stored. */
  rejected(reason: WebhookRejectionReason): void;
  /** A delivery failed on our side (5xx); the platform will retry it. */
  failed(): void;
}

export const noWebhookMetrics: WebhookMetrics = {
  received: () => undefined,
  rejected: () => undefined,
  failed: () => undefined,
};
