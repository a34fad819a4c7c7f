import { z } from "zod";
import { numberSchema, optional, pickAlias, timestampSchema } from "./primitives.js";

// Webhook management shapes of the platform's API reference, "Resources › Webhook and deliveries" (snake_case
// on the wire, camelCase here). The answers of POST /webhooks and POST /webhooks/test are "not shown": see
// src/api/assumptions.ts.

export interface WebhookRegistrationInput {
  /** HTTPS endpoint that receives events. */
  readonly url: string;
  readonly events: readonly string[];
  /** HMAC key for X-Service-Signature; never logged. */
  readonly secret: string;
  readonly active?: boolean | undefined;
  readonly description?: string | undefined;
}

/** The fields a webhook update may change (sandbox extra, see src/api/webhooks.ts `updateWebhook`). */
export interface WebhookUpdateInput {
  readonly url?: string | undefined;
  readonly events?: readonly string[] | undefined;
  /** The new HMAC key; never logged. */
  readonly secret?: string | undefined;
  readonly active?: boolean | undefined;
}

export interface RegisteredWebhook {
  readonly id: string;
  readonly active: boolean | undefined;
}

/** Assumed: the answer carries at least `id` (or `webhook_id`, the name the test request uses). */
export const registeredWebhookSchema: z.ZodType<RegisteredWebhook> = z
  .object({ id: optional(z.string()), webhook_id: optional(z.string()), active: optional(z.boolean()) })
  .transform((raw, context): RegisteredWebhook => {
    const id = pickAlias(context, { id: raw.id, webhook_id: raw.webhook_id });
    if (id === undefined) return z.NEVER;
    return { id, active: raw.active };
  });

export interface WebhookTestInput {
  readonly webhookId: string;
  readonly event: string;
  /** Example key in the spec: `battle_id`. */
  readonly testData: Readonly<Record<string, unknown>>;
}

export interface WebhookTestResult {
  /** False only when the platform says `success: false` in a 2xx answer. */
  readonly sent: boolean;
  readonly eventId: string | undefined;
  /** The delivery record to look for in the deliveries list (the sandbox answers `delivery_id`). */
  readonly deliveryId: string | undefined;
}

/** Assumed: any 2xx answer (even empty) means the test event was queued. */
export const webhookTestResultSchema: z.ZodType<WebhookTestResult> = z
  .unknown()
  .transform((raw): WebhookTestResult => {
    const body = z
      .object({
        success: optional(z.boolean()),
        event_id: optional(z.string()),
        id: optional(z.string()),
        delivery_id: optional(z.string()),
      })
      .safeParse(raw);
    if (!body.success) return { sent: true, eventId: undefined, deliveryId: undefined };
    return {
      sent: body.data.success ?? true,
      eventId: body.data.event_id ?? body.data.id,
      deliveryId: body.data.delivery_id,
    };
  });

export interface WebhookDelivery {
  readonly id: string;
  readonly eventId: string;
  /** `delivered` or `failed`. */
  readonly status: string;
  readonly attempts: number;
  readonly responseCode: number | undefined;
  /** Milliseconds (assumed). */
  readonly responseTime: number | undefined;
  readonly createdAt: string;
  readonly deliveredAt: string | undefined;
}

export const webhookDeliveriesSchema: z.ZodType<readonly WebhookDelivery[]> = z
  .object({
    deliveries: z.array(
      z.object({
        id: z.string(),
        event_id: z.string(),
        status: z.string(),
        attempts: numberSchema,
        response_code: optional(numberSchema),
        response_time: optional(numberSchema),
        created_at: timestampSchema,
        delivered_at: optional(timestampSchema),
      }),
    ),
  })
  .transform(({ deliveries }) =>
    deliveries.map((delivery): WebhookDelivery => ({
      id: delivery.id,
      eventId: delivery.event_id,
      status: delivery.status,
      attempts: delivery.attempts,
      responseCode: delivery.response_code,
      responseTime: delivery.response_time,
      createdAt: delivery.created_at,
      deliveredAt: delivery.delivered_at,
    })),
  );

export interface FailedWebhookDelivery {
  readonly id: string;
  readonly eventId: string;
  readonly status: string;
  readonly attempts: number;
  readonly lastResponseCode: number | undefined;
  readonly errorMessage: string | undefined;
  /** Null when no retry remains (after the fifth attempt). */
  readonly nextRetry: string | null;
  readonly createdAt: string;
  readonly failedAt: string | undefined;
}

export const failedWebhookDeliveriesSchema: z.ZodType<readonly FailedWebhookDelivery[]> = z
  .object({
    failed_deliveries: z.array(
      z.object({
        id: z.string(),
        event_id: z.string(),
        status: z.string(),
        attempts: numberSchema,
        last_response_code: optional(numberSchema),
        error_message: optional(z.string()),
        next_retry: timestampSchema.nullish().transform((value) => value ?? null),
        created_at: timestampSchema,
        failed_at: optional(timestampSchema),
      }),
    ),
  })
  .transform(({ failed_deliveries }) =>
    failed_deliveries.map((delivery): FailedWebhookDelivery => ({
      id: delivery.id,
      eventId: delivery.event_id,
      status: delivery.status,
      attempts: delivery.attempts,
      lastResponseCode: delivery.last_response_code,
      errorMessage: delivery.error_message,
      nextRetry: delivery.next_retry,
      createdAt: delivery.created_at,
      failedAt: delivery.failed_at,
    })),
  );
