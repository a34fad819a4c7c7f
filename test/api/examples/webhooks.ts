// Webhook-management answers of the platform's API reference, (register/test answers are assumed, both
// forms).
import type { Example } from "./example.js";

export const webhookExamples: Record<string, Example> = {
  "POST /api/v1/webhooks": (_id, shape) => ({
    status: 201,
    body: shape === "A" ? { id: "wh_123", active: true } : { webhook_id: "wh_123" },
  }),
  "POST /api/v1/webhooks/test": (_id, shape) =>
    shape === "A" ? { body: { success: true, event_id: "evt_test_1" } } : { status: 202 },
  "GET /api/v1/webhooks/:id/deliveries": () => ({
    body: {
      deliveries: [
        {
          id: "del_1",
          event_id: "evt_1",
          status: "delivered",
          attempts: 1,
          response_code: 200,
          response_time: 120,
          created_at: "2024-01-15T10:30:00Z",
          delivered_at: "2024-01-15T10:30:01Z",
        },
      ],
    },
  }),
  "GET /api/v1/webhooks/:id/failed_deliveries": () => ({
    body: {
      failed_deliveries: [
        {
          id: "del_2",
          event_id: "evt_2",
          status: "failed",
          attempts: 5,
          last_response_code: 500,
          error_message: "Internal Server Error",
          next_retry: null,
          created_at: "2024-01-15T10:30:00Z",
          failed_at: "2024-01-15T11:10:30Z",
        },
      ],
    },
  }),
};
