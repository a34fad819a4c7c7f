// Delivery records and the test event (the platform's API reference, Endpoints › Webhooks). A delivery shows
// up once its first attempt has finished; `status` is `delivered`, or `failed` after a failed attempt, with
// `next_retry` the time of the next attempt (still shown while that attempt is under way) or null when
// none remains. `response_code` is 0 when no HTTP answer came; `response_time` is in milliseconds. The
// test endpoint answers `{ success, delivery_id }` after the first attempt, `success` telling whether it
// was delivered; to an inactive webhook it answers 409 and sends nothing, as the platform sends no event to one
// (docs/platform-assumptions.md, "Test deliveries").
import { z } from "zod";
import { canonicalEventKind } from "../webhooks/event-kinds.js";
import { toIso } from "../clock.js";
import { conflict, invalidField } from "../errors.js";
import type { Delivery } from "../state.js";
import { sampleEventData } from "../webhooks/sample-data.js";
import { defineRoute } from "./define.js";
import { limitQuery } from "./schemas.js";
import { requireOwnWebhook, webhookPaths } from "./webhooks.js";

const webhookParams = z.object({ webhook_id: z.string().min(1) });
const listQuery = z.object({ limit: limitQuery.default(50) });

function recordsOf(deliveries: Iterable<Delivery>, webhookId: string, limit: number): Delivery[] {
  return [...deliveries]
    .filter((delivery) => delivery.webhookId === webhookId && delivery.attempts.length > 0)
    .sort((a, b) => b.createdAt - a.createdAt)
    .slice(0, limit);
}

const deliveries = defineRoute({
  method: "GET",
  url: webhookPaths("/webhooks/:webhook_id/deliveries"),
  level: "read",
  params: webhookParams,
  query: listQuery,
  response: z.object({
    deliveries: z.array(
      z.object({
        id: z.string(),
        event_id: z.string(),
        status: z.enum(["delivered", "failed"]),
        attempts: z.number().int(),
        response_code: z.number().int(),
        response_time: z.number().int(),
        created_at: z.string(),
        delivered_at: z.string().nullable(),
      }),
    ),
  }),
  handle: (deps, { params, query, user }) => {
    const webhook = requireOwnWebhook(deps.state, params.webhook_id, user.id);
    return {
      deliveries: recordsOf(deps.state.deliveries.values(), webhook.id, query.limit).map((delivery) => {
        const last = delivery.attempts.at(-1);
        return {
          id: delivery.id,
          event_id: delivery.event.id,
          status: delivery.deliveredAt === null ? ("failed" as const) : ("delivered" as const),
          attempts: delivery.attempts.length,
          response_code: last?.responseCode ?? 0,
          response_time: last?.responseTime ?? 0,
          created_at: toIso(delivery.createdAt),
          delivered_at: delivery.deliveredAt === null ? null : toIso(delivery.deliveredAt),
        };
      }),
    };
  },
});

const failedDeliveries = defineRoute({
  method: "GET",
  url: webhookPaths("/webhooks/:webhook_id/failed_deliveries"),
  level: "read",
  params: webhookParams,
  query: listQuery,
  response: z.object({
    failed_deliveries: z.array(
      z.object({
        id: z.string(),
        event_id: z.string(),
        status: z.literal("failed"),
        attempts: z.number().int(),
        last_response_code: z.number().int(),
        error_message: z.string(),
        next_retry: z.string().nullable(),
        created_at: z.string(),
        failed_at: z.string(),
      }),
    ),
  }),
  handle: (deps, { params, query, user }) => {
    const webhook = requireOwnWebhook(deps.state, params.webhook_id, user.id);
    const failed = [...deps.state.deliveries.values()].filter((delivery) => delivery.deliveredAt === null);
    return {
      failed_deliveries: recordsOf(failed, webhook.id, query.limit).map((delivery) => {
        const last = delivery.attempts.at(-1);
        return {
          id: delivery.id,
          event_id: delivery.event.id,
          status: "failed" as const,
          attempts: delivery.attempts.length,
          last_response_code: last?.responseCode ?? 0,
          error_message: last?.error ?? "",
          next_retry: delivery.nextAttemptAt === null ? null : toIso(delivery.nextAttemptAt),
          created_at: toIso(delivery.createdAt),
          failed_at: toIso(delivery.failedAt ?? delivery.createdAt),
        };
      }),
    };
  },
});

const sendTest = defineRoute({
  method: "POST",
  url: webhookPaths("/webhooks/test"),
  level: "write",
  body: z.object({
    webhook_id: z.string().min(1),
    event: z.string().min(1),
    test_data: z.record(z.string(), z.unknown()).default({}),
  }),
  response: z.object({ success: z.boolean(), delivery_id: z.string() }),
  handle: async (deps, { body, user, cause }) => {
    const webhook = requireOwnWebhook(deps.state, body.webhook_id, user.id);
    const kind = canonicalEventKind(body.event);
    if (kind === undefined) throw invalidField("event", body.event, "unknown event kind");
    if (!webhook.active)
      throw conflict(`webhook ${webhook.id} is inactive: activate it to send it a test event`);
    const data = sampleEventData(deps.state, kind, deps.clock.now(), body.test_data);
    const delivery = await deps.dispatcher.sendTest(webhook, kind, data, cause);
    return { success: delivery.deliveredAt !== null, delivery_id: delivery.id };
  },
});

export const webhookDeliveryRoutes = [deliveries, failedDeliveries, sendTest];
