// The platform's API reference writes the webhook-management paths two ways: under /api/v1 (the webhook
// reference) and under the REST base as `/webhooks` (the general reference). The sandbox serves both, as one
// set of webhooks.
import { describe, expect, it } from "vitest";
import { useSandboxAndReceiver } from "./support/sandbox-and-receiver.js";
import { hasValidSignature } from "./support/signature.js";

const secret = "whsec_paths_0123456789";
const fixture = useSandboxAndReceiver();

describe("webhook management under the REST base (/v1/webhooks)", () => {
  it("registers, sends a test event and lists its deliveries as under /api/v1", async () => {
    const key = fixture.test.key("bob");
    const created = await fixture.test.call("POST", "/v1/webhooks", {
      key,
      body: { url: fixture.receiver.url, events: ["battle.completed"], secret },
    });
    expect(created.status).toBe(201);
    const id: string = created.body.id;
    expect(id).toMatch(/^wh_/);

    const sent = await fixture.test.call("POST", "/v1/webhooks/test", {
      key,
      body: { webhook_id: id, event: "battle.completed", test_data: { battle_id: "bat_paths" } },
    });
    expect(sent.body).toEqual({ success: true, delivery_id: expect.stringMatching(/^dlv_/) });
    const [delivery] = await fixture.receiver.waitFor(1);
    expect(hasValidSignature(delivery!.body, delivery!.headers["x-service-signature"], secret)).toBe(true);

    const deliveries = await fixture.test.call("GET", `/v1/webhooks/${id}/deliveries`, { key });
    expect(deliveries.status).toBe(200);
    expect(deliveries.body.deliveries).toEqual([
      expect.objectContaining({ id: sent.body.delivery_id, status: "delivered", attempts: 1 }),
    ]);
    const failed = await fixture.test.call("GET", `/v1/webhooks/${id}/failed_deliveries`, { key });
    expect(failed.body).toEqual({ failed_deliveries: [] });

    // The same webhook, whichever form of the path reads it.
    const read = await fixture.test.call("GET", `/api/v1/webhooks/${id}`, { key });
    expect(read.body).toEqual(created.body);
  });

  it("checks the credential and the level there too", async () => {
    const anonymous = await fixture.test.call("GET", "/v1/webhooks");
    expect(anonymous.status).toBe(401);
    const readOnly = await fixture.test.call("POST", "/v1/webhooks", {
      key: fixture.test.key("read"),
      body: { url: fixture.receiver.url, events: ["battle.completed"], secret },
    });
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.error.code).toBe("FORBIDDEN");
  });

  it("names the path asked for when PATCH answers like a platform without it", async () => {
    const key = fixture.test.key("bob");
    const created = await fixture.test.call("POST", "/v1/webhooks", {
      key,
      body: { url: fixture.receiver.url, events: ["battle.completed"], secret },
    });
    expect(created.status).toBe(201);
    fixture.test.sandbox.control.setWebhookPatch("404");
    const missing = await fixture.test.call("PATCH", `/v1/webhooks/${created.body.id}`, {
      key,
      body: { active: false },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(`no route PATCH /v1/webhooks/${created.body.id}`);
  });
});
