// The platform webhook receiver (docs/architecture.md, "Webhooks in", "Routing"): what the rest of the bot
// uses.
export { webhookRoutes, webhookBodyLimit } from "./webhook-routes.js";
export type { WebhookRoutesOptions } from "./webhook-routes.js";
export { noWebhookMetrics } from "./webhook-metrics.js";
export type { WebhookMetrics, WebhookRejectionReason } from "./webhook-metrics.js";

export { ingestEvent } from "./ingest-event.js";
export type { IngestResult, IngestStatus, VerifiedDelivery } from "./ingest-event.js";
export { createIngester } from "./create-ingester.js";
export type { Ingester } from "./create-ingester.js";
export { verifySignature } from "./verify-signature.js";
export { routeEvent } from "./route-event.js";
export type { OutboxTarget } from "./select-targets.js";
export type { EventSource } from "./event-source.js";
