// Signed deliveries arrive: each event reaches the receiver signed with the webhook's secret (the new one
// once it is rotated), in the older form for a legacy webhook, and never at an inactive webhook.
import { describe, expect, it } from "vitest";
import { parsePayload } from "./support/answers.js";
import { useSandboxAndReceiver } from "./support/sandbox-and-receiver.js";
import { hasValidSignature } from "./support/signature.js";
import { createWebhookRegistrar, secret } from "./support/webhook-registration.js";

const fixture = useSandboxAndReceiver();
const registerWebhook = createWebhookRegistrar(fixture);

async function playBattle(): Promise<string> {
  const created = await fixture.test.call("POST", "/v1/battles", {
    key: fixture.test.key("bob"),
    body: { type: "realtime", difficulty: "medium", language: "python", participants: 2 },
  });
  const id: string = created.body.id;
  await fixture.test.call("POST", `/v1/battles/${id}/join`, { key: fixture.test.key("bob") });
  await fixture.test.call("POST", `/v1/battles/${id}/join`, { key: fixture.test.key("carol") });
  fixture.test.clock.advance(60_000);
  await fixture.test.call("POST", `/v1/battles/${id}/submit`, {
    key: fixture.test.key("bob"),
    body: { language: "python", code: "PASS" },
  });
  fixture.test.clock.advance(30_000);
  await fixture.test.call("POST", `/v1/battles/${id}/submit`, {
    key: fixture.test.key("carol"),
    body: { language: "python", code: "FAIL" },
  });
  return id;
}

describe("signed deliveries", () => {
  it("delivers battle.completed and user.rating_changed, each signed with the webhook secret", async () => {
    const webhookId = await registerWebhook(["battle.completed", "user.rating_changed"]);
    const battleId = await playBattle();

    const deliveries = await fixture.receiver.waitFor(3);
    for (const delivery of deliveries) {
      expect(hasValidSignature(delivery.body, delivery.headers["x-service-signature"], secret)).toBe(true);
      expect(
        hasValidSignature(delivery.body, delivery.headers["x-service-signature"], "another-secret"),
      ).toBe(false);
      expect(delivery.headers["content-type"]).toBe("application/json");
    }
    const payloads = deliveries.map((delivery) => parsePayload(delivery.body));
    const completed = payloads.find((payload) => payload.event === "battle.completed");
    expect(completed).toEqual({
      id: expect.stringMatching(/^evt_/),
      event: "battle.completed",
      created: "2026-01-01T12:01:30.000Z",
      data: {
        object: "battle",
        id: battleId,
        mode: "realtime",
        difficulty: "medium",
        problem: { id: expect.any(String), title: expect.any(String), difficulty: "medium" },
        participants: [
          { user_id: expect.any(String), username: "bob", score: 100, submission_time: 60, rank: 1 },
          { user_id: expect.any(String), username: "carol", score: 0, submission_time: 90, rank: 2 },
        ],
        winner: completed!.data.participants[0].user_id,
        duration: 90,
        started_at: "2026-01-01T12:00:00.000Z",
        completed_at: "2026-01-01T12:01:30.000Z",
      },
      request: { id: expect.stringMatching(/^req_/), idempotency_key: expect.any(String) },
    });
    const ratingChanges = payloads.filter((payload) => payload.event === "user.rating_changed");
    expect(
      ratingChanges
        .map((payload) => [payload.data.user.username as string, payload.data.change as number])
        .sort(),
    ).toEqual([
      ["bob", 8],
      ["carol", -8],
    ]);
    expect(ratingChanges.find((payload) => payload.data.user.username === "bob")!.data).toEqual({
      object: "user",
      id: expect.any(String),
      user: { id: expect.any(String), username: "bob" },
      old_rating: 1850,
      new_rating: 1858,
      change: 8,
      tier: "diamond",
      previous_tier: "diamond",
      battle_id: battleId,
    });

    await fixture.test.sandbox.idle();
    const records = await fixture.test.call("GET", `/api/v1/webhooks/${webhookId}/deliveries`, {
      key: fixture.test.key("alice"),
    });
    expect(records.body.deliveries).toHaveLength(3);
    for (const record of records.body.deliveries) {
      expect(record).toEqual({
        id: expect.stringMatching(/^dlv_/),
        event_id: expect.stringMatching(/^evt_/),
        status: "delivered",
        attempts: 1,
        response_code: 200,
        response_time: expect.any(Number),
        created_at: "2026-01-01T12:01:30.000Z",
        delivered_at: "2026-01-01T12:01:30.000Z",
      });
    }
  });

  it("signs with the new secret once it is rotated", async () => {
    const webhookId = await registerWebhook(["user.profile_updated"]);
    const rotated = await fixture.test.call("PATCH", `/api/v1/webhooks/${webhookId}`, {
      key: fixture.test.key("alice"),
      body: { secret: "whsec_rotated_secret" },
    });
    expect(rotated.status).toBe(200);
    await fixture.test.call("PUT", "/v1/users/me", {
      key: fixture.test.key("alice"),
      body: { bio: "new bio" },
    });
    const [delivery] = await fixture.receiver.waitFor(1);
    expect(
      hasValidSignature(delivery!.body, delivery!.headers["x-service-signature"], "whsec_rotated_secret"),
    ).toBe(true);
    expect(hasValidSignature(delivery!.body, delivery!.headers["x-service-signature"], secret)).toBe(false);
  });

  it("signs without the sha256= prefix when SANDBOX_SIGNATURE_FORM is bare, as the spec allows", async () => {
    await fixture.restartSandbox({ signatureForm: "bare" });
    await registerWebhook(["user.profile_updated"]);
    await fixture.test.call("PUT", "/v1/users/me", {
      key: fixture.test.key("alice"),
      body: { bio: "bare" },
    });
    const [delivery] = await fixture.receiver.waitFor(1);
    const header = delivery!.headers["x-service-signature"];
    expect(header).toMatch(/^[0-9a-f]{64}$/);
    expect(hasValidSignature(delivery!.body, `sha256=${String(header)}`, secret)).toBe(true);
  });

  it("sends the older payload form to a webhook registered with payload_format legacy", async () => {
    await fixture.test.call("POST", "/api/v1/webhooks", {
      key: fixture.test.key("alice"),
      body: { url: fixture.receiver.url, events: ["battle.completed"], secret, payload_format: "legacy" },
    });
    const battleId = await playBattle();
    const [delivery] = await fixture.receiver.waitFor(1);
    expect(hasValidSignature(delivery!.body, delivery!.headers["x-service-signature"], secret)).toBe(true);
    const payload = JSON.parse(delivery!.body);
    expect(payload).toEqual({
      event: "battle.completed",
      timestamp: "2026-01-01T12:01:30.000Z",
      data: expect.objectContaining({
        battleId,
        winner: expect.any(String),
        participants: [expect.stringMatching(/^usr_/), expect.stringMatching(/^usr_/)],
        duration: 90,
        startedAt: "2026-01-01T12:00:00.000Z",
      }),
    });
    expect(payload.data.participants[0]).toBe(payload.data.winner);
  });

  it("sends nothing to an inactive webhook", async () => {
    const webhookId = await registerWebhook(["user.profile_updated"]);
    await fixture.test.call("PATCH", `/api/v1/webhooks/${webhookId}`, {
      key: fixture.test.key("alice"),
      body: { active: false },
    });
    await fixture.test.call("PUT", "/v1/users/me", {
      key: fixture.test.key("alice"),
      body: { bio: "quiet" },
    });
    await fixture.test.sandbox.idle();
    expect(fixture.receiver.received).toHaveLength(0);
  });
});
