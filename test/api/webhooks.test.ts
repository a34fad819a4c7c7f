import { describe, expect, it } from "vitest";
import {
  listDeliveries,
  listFailedDeliveries,
  registerWebhook,
  sendTestWebhook,
} from "../../src/api/webhooks.js";
import { createFixtureClient, credential, usePlatformFixture } from "./platform-fixture.js";

const fixture = usePlatformFixture();

const registration = {
  url: "https://bot.example/webhooks/platform/ep_1",
  events: ["battle.completed", "user.rating_changed"],
  secret: "whsec_do_not_leak",
  description: "Discord bot",
};

describe("registerWebhook", () => {
  it("posts the full form under /api/v1 and reads the id", async () => {
    fixture.shape = "A";
    const { http } = createFixtureClient(fixture);
    const webhook = await registerWebhook(http, credential, registration);
    expect(fixture.requests[0]?.path).toBe("/api/v1/webhooks");
    expect(fixture.requests[0]?.body).toEqual({ ...registration, active: true });
    expect(webhook).toEqual({ id: "wh_123", active: true });
  });

  it("accepts webhook_id as the id", async () => {
    fixture.shape = "B";
    const { http } = createFixtureClient(fixture);
    expect(await registerWebhook(http, credential, registration)).toEqual({
      id: "wh_123",
      active: undefined,
    });
  });
});

describe("sendTestWebhook", () => {
  it("sends webhook_id, event and test_data and reads a JSON answer", async () => {
    fixture.shape = "A";
    const { http } = createFixtureClient(fixture);
    const result = await sendTestWebhook(http, credential, {
      webhookId: "wh_123",
      event: "battle.completed",
      testData: { battle_id: "battle_abc123" },
    });
    expect(fixture.requests[0]?.path).toBe("/api/v1/webhooks/test");
    expect(fixture.requests[0]?.body).toEqual({
      webhook_id: "wh_123",
      event: "battle.completed",
      test_data: { battle_id: "battle_abc123" },
    });
    expect(result).toEqual({ sent: true, eventId: "evt_test_1", deliveryId: undefined });
  });

  it("takes an empty 202 answer as sent", async () => {
    fixture.shape = "B";
    const { http } = createFixtureClient(fixture);
    const result = await sendTestWebhook(http, credential, {
      webhookId: "wh_123",
      event: "battle.created",
      testData: {},
    });
    expect(result).toEqual({ sent: true, eventId: undefined, deliveryId: undefined });
  });
});

describe("delivery listings", () => {
  it("lists deliveries with camelCase fields", async () => {
    const { http } = createFixtureClient(fixture);
    const deliveries = await listDeliveries(http, credential, "wh_123");
    expect(fixture.requests[0]?.path).toBe("/api/v1/webhooks/wh_123/deliveries");
    expect(deliveries).toEqual([
      {
        id: "del_1",
        eventId: "evt_1",
        status: "delivered",
        attempts: 1,
        responseCode: 200,
        responseTime: 120,
        createdAt: "2024-01-15T10:30:00Z",
        deliveredAt: "2024-01-15T10:30:01Z",
      },
    ]);
  });

  it("lists failed deliveries, with a null next retry once attempts are spent", async () => {
    const { http } = createFixtureClient(fixture);
    const failed = await listFailedDeliveries(http, credential, "wh_123");
    expect(fixture.requests[0]?.path).toBe("/api/v1/webhooks/wh_123/failed_deliveries");
    expect(failed).toEqual([
      {
        id: "del_2",
        eventId: "evt_2",
        status: "failed",
        attempts: 5,
        lastResponseCode: 500,
        errorMessage: "Internal Server Error",
        nextRetry: null,
        createdAt: "2024-01-15T10:30:00Z",
        failedAt: "2024-01-15T11:10:30Z",
      },
    ]);
  });
});
