// Webhook management (the platform's API reference, "Endpoints › Webhooks"), under the `/api/v1` base rather
// than
// `{base_url}` (docs/architecture.md, "Webhooks in"). Request bodies use the spec's snake_case names.
import { encodePathSegment, type PlatformCredential, type PlatformHttp } from "./http.js";
import {
  failedWebhookDeliveriesSchema,
  registeredWebhookSchema,
  webhookDeliveriesSchema,
  webhookTestResultSchema,
  type FailedWebhookDelivery,
  type RegisteredWebhook,
  type WebhookDelivery,
  type WebhookRegistrationInput,
  type WebhookTestInput,
  type WebhookTestResult,
  type WebhookUpdateInput,
} from "./schemas/webhook.js";

/** POST /api/v1/webhooks (full form) → at least the new webhook's id (assumed). */
export function registerWebhook(
  http: PlatformHttp,
  credential: PlatformCredential,
  input: WebhookRegistrationInput,
): Promise<RegisteredWebhook> {
  return http.send({
    repeatableAfter401: true,
    credential,
    method: "POST",
    base: "webhooks",
    path: "/webhooks",
    body: {
      url: input.url,
      events: input.events,
      secret: input.secret,
      active: input.active ?? true,
      ...(input.description === undefined ? {} : { description: input.description }),
    },
    schema: registeredWebhookSchema,
  });
}

/**
 * PATCH /api/v1/webhooks/{webhook_id}: changes a webhook's url, events, secret or `active`. The spec says
 * updating a webhook is "not shown"; this is the sandbox's form (sandbox/README.md, Webhooks), used to
 * rotate the secret and to sync the subscribed kinds. Answers at least the id, like registration. A
 * platform without it answers 404 or 405, and the callers register a new webhook instead
 * (docs/platform-assumptions.md, "Endpoints whose answers are not shown").
 */
export function updateWebhook(
  http: PlatformHttp,
  credential: PlatformCredential,
  webhookId: string,
  changes: WebhookUpdateInput,
): Promise<RegisteredWebhook> {
  return http.send({
    repeatableAfter401: true,
    credential,
    method: "PATCH",
    base: "webhooks",
    path: `/webhooks/${encodePathSegment(webhookId)}`,
    body: {
      ...(changes.url === undefined ? {} : { url: changes.url }),
      ...(changes.events === undefined ? {} : { events: changes.events }),
      ...(changes.secret === undefined ? {} : { secret: changes.secret }),
      ...(changes.active === undefined ? {} : { active: changes.active }),
    },
    schema: registeredWebhookSchema,
  });
}

/** POST /api/v1/webhooks/test → asks the platform to deliver one test event. */
export function sendTestWebhook(
  http: PlatformHttp,
  credential: PlatformCredential,
  input: WebhookTestInput,
): Promise<WebhookTestResult> {
  return http.send({
    repeatableAfter401: true,
    credential,
    method: "POST",
    base: "webhooks",
    path: "/webhooks/test",
    body: { webhook_id: input.webhookId, event: input.event, test_data: input.testData },
    schema: webhookTestResultSchema,
  });
}

/** GET /api/v1/webhooks/{webhook_id}/deliveries → recent delivery records. */
export function listDeliveries(
  http: PlatformHttp,
  credential: PlatformCredential,
  webhookId: string,
): Promise<readonly WebhookDelivery[]> {
  return http.send({
    repeatableAfter401: true,
    credential,
    method: "GET",
    base: "webhooks",
    path: `/webhooks/${encodePathSegment(webhookId)}/deliveries`,
    schema: webhookDeliveriesSchema,
  });
}

/** GET /api/v1/webhooks/{webhook_id}/failed_deliveries → deliveries that failed (next_retry null = given up). */
export function listFailedDeliveries(
  http: PlatformHttp,
  credential: PlatformCredential,
  webhookId: string,
): Promise<readonly FailedWebhookDelivery[]> {
  return http.send({
    repeatableAfter401: true,
    credential,
    method: "GET",
    base: "webhooks",
    path: `/webhooks/${encodePathSegment(webhookId)}/failed_deliveries`,
    schema: failedWebhookDeliveriesSchema,
  });
}
