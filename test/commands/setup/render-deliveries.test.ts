import { describe, expect, it } from "vitest";
import {
  describeDelivery,
  describeFailedDelivery,
  renderDeliveries,
} from "../../../src/commands/setup/render-deliveries.js";
import type { FailedWebhookDelivery, WebhookDelivery } from "../../../src/api/schemas/webhook.js";

const delivered: WebhookDelivery = {
  id: "dlv_1",
  eventId: "evt_1",
  status: "delivered",
  attempts: 1,
  responseCode: 200,
  responseTime: 35,
  createdAt: "2025-01-01T10:00:00.000Z",
  deliveredAt: "2025-01-01T10:00:00.035Z",
};
const failed: FailedWebhookDelivery = {
  id: "dlv_2",
  eventId: "evt_2",
  status: "failed",
  attempts: 2,
  lastResponseCode: 0,
  errorMessage: "connect ECONNREFUSED\n`127.0.0.1`",
  nextRetry: "2025-01-01T10:02:30.000Z",
  createdAt: "2025-01-01T10:00:00.000Z",
  failedAt: "2025-01-01T10:00:30.000Z",
};

describe("delivery lines", () => {
  it("shows status, response code, attempts, response time and time compactly", () => {
    expect(describeDelivery(delivered)).toBe("✅ 200 · 1 attempt · 35 ms · <t:1735725600:R> · `evt_1`");
  });

  it("shows a failure's next try or that the platform gave up, with its error on one line", () => {
    expect(describeFailedDelivery(failed)).toBe(
      "❌ no answer · 2 attempts · next try <t:1735725750:R> · `connect ECONNREFUSED 127.0.0.1` · <t:1735725630:R>",
    );
    expect(describeFailedDelivery({ ...failed, nextRetry: null, errorMessage: undefined })).toBe(
      "❌ no answer · 2 attempts · gave up · <t:1735725630:R>",
    );
  });
});

describe("renderDeliveries", () => {
  it("renders both lists, newest first, each within a field's 1024 characters", () => {
    const many = Array.from({ length: 60 }, (_, index) => ({
      ...delivered,
      id: `dlv_${index}`,
      eventId: `evt_${index}`,
      createdAt: new Date(Date.UTC(2025, 0, 1, 10, index)).toISOString(),
    }));
    const embed = renderDeliveries({ platformWebhookId: "wh_1", deliveries: many, failed: [] }).embeds?.[0];
    const [recent, failures] = embed?.fields ?? [];
    expect(embed?.title).toBe("Deliveries of webhook wh\\_1");
    expect(recent?.name).toBe("Recent (60)");
    expect(recent?.value.length).toBeLessThanOrEqual(1024);
    expect(recent?.value.split("\n")[0]).toContain("`evt_59`");
    expect(recent?.value).toMatch(/…and \d+ more$/);
    expect(failures).toEqual({ name: "Failed (0)", value: "No failed deliveries." });
  });
});
