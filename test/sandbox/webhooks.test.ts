import { describe, expect, it } from "vitest";
import { eventKinds } from "../../src/events/event-kinds.js";
import { parsePayload } from "./support/answers.js";
import { useSandboxAndReceiver } from "./support/sandbox-and-receiver.js";
import { hasValidSignature } from "./support/signature.js";

const secret = "whsec_management_test";
const fixture = useSandboxAndReceiver();

describe("webhook management", () => {
  it("registers a webhook and never echoes its secret", async () => {
    const response = await fixture.test.call("POST", "/api/v1/webhooks", {
      key: fixture.test.key("bob"),
      body: {
        url: fixture.receiver.url,
        events: ["battle.completed", "tournament.started"],
        secret,
        active: true,
        description: "bot",
      },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^wh_/),
      url: fixture.receiver.url,
      events: ["battle.completed", "tournament.started"],
      active: true,
      description: "bot",
      created_at: "2026-01-01T12:00:00.000Z",
    });
    const read = await fixture.test.call("GET", `/api/v1/webhooks/${response.body.id}`, {
      key: fixture.test.key("bob"),
    });
    expect(read.body).toEqual(response.body);
    const list = await fixture.test.call("GET", "/api/v1/webhooks", { key: fixture.test.key("bob") });
    expect(JSON.stringify(list.body)).not.toContain(secret);
  });

  it("refuses an unknown event kind, naming the entry", async () => {
    const response = await fixture.test.call("POST", "/api/v1/webhooks", {
      key: fixture.test.key("bob"),
      body: { url: fixture.receiver.url, events: ["battle.completed", "battle.exploded"], secret },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.details).toEqual({ field: "events.1", value: "battle.exploded" });
  });

  it("names a refused secret without echoing it", async () => {
    const response = await fixture.test.call("POST", "/api/v1/webhooks", {
      key: fixture.test.key("bob"),
      body: { url: fixture.receiver.url, events: ["battle.created"], secret: "short" },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.details).toEqual({ field: "secret", value: "[redacted]" });
    expect(JSON.stringify(response.body)).not.toContain("short");
  });

  it("hides another user's webhook, and deletes one's own", async () => {
    const created = await fixture.test.call("POST", "/api/v1/webhooks", {
      key: fixture.test.key("bob"),
      body: { url: fixture.receiver.url, events: ["battle.created"], secret },
    });
    const id = created.body.id;
    expect(
      (await fixture.test.call("GET", `/api/v1/webhooks/${id}`, { key: fixture.test.key("carol") })).status,
    ).toBe(404);
    expect(
      (
        await fixture.test.call("GET", `/api/v1/webhooks/${id}/deliveries`, {
          key: fixture.test.key("carol"),
        })
      ).status,
    ).toBe(404);
    expect(
      (await fixture.test.call("DELETE", `/api/v1/webhooks/${id}`, { key: fixture.test.key("bob") })).status,
    ).toBe(204);
    expect(
      (await fixture.test.call("GET", `/api/v1/webhooks/${id}`, { key: fixture.test.key("bob") })).status,
    ).toBe(404);
  });

  it("answers PATCH 404 or 405 like a platform without it when told to, and leaves the webhook as it was", async () => {
    const created = await fixture.test.call("POST", "/api/v1/webhooks", {
      key: fixture.test.key("bob"),
      body: { url: fixture.receiver.url, events: ["battle.created"], secret },
    });
    const id: string = created.body.id;
    const patch = () =>
      fixture.test.call("PATCH", `/api/v1/webhooks/${id}`, {
        key: fixture.test.key("bob"),
        body: { events: ["battle.completed"], secret: "whsec_rotated_secret" },
      });
    const switchTo = (answer: string) =>
      fetch(`${fixture.test.url}/sandbox/webhooks/patch`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ answer }),
      });

    expect((await switchTo("404")).status).toBe(200);
    const missing = await patch();
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({
      code: "NOT_FOUND",
      message: `no route PATCH /api/v1/webhooks/${id}`,
    });

    fixture.test.sandbox.control.setWebhookPatch("405");
    const refused = await patch();
    expect(refused.status).toBe(405);
    expect(refused.headers.get("allow")).toBe("GET, DELETE");
    expect(refused.body.error).toMatchObject({ code: "METHOD_NOT_ALLOWED" });
    expect(fixture.test.sandbox.state.webhooks.get(id)).toMatchObject({ events: ["battle.created"], secret });

    expect((await switchTo("supported")).status).toBe(200);
    expect((await patch()).status).toBe(200);
    expect(fixture.test.sandbox.state.webhooks.get(id)).toMatchObject({
      events: ["battle.completed"],
      secret: "whsec_rotated_secret",
    });
  });

  it("needs a write key to register", async () => {
    const response = await fixture.test.call("POST", "/api/v1/webhooks", {
      key: fixture.test.key("read"),
      body: { url: fixture.receiver.url, events: ["battle.created"], secret },
    });
    expect(response.status).toBe(403);
  });
});

describe("POST /api/v1/webhooks/test", () => {
  async function registerWebhook(): Promise<string> {
    const created = await fixture.test.call("POST", "/api/v1/webhooks", {
      key: fixture.test.key("bob"),
      body: { url: fixture.receiver.url, events: ["user.registered"], secret },
    });
    const id: string = created.body.id;
    return id;
  }

  it("sends a signed test event with the given test data and reports the delivery", async () => {
    const id = await registerWebhook();
    const response = await fixture.test.call("POST", "/api/v1/webhooks/test", {
      key: fixture.test.key("bob"),
      body: { webhook_id: id, event: "battle.completed", test_data: { battle_id: "bat_demo" } },
    });
    expect(response.body).toEqual({ success: true, delivery_id: expect.stringMatching(/^dlv_/) });
    const [delivery] = await fixture.receiver.waitFor(1);
    expect(hasValidSignature(delivery!.body, delivery!.headers["x-service-signature"], secret)).toBe(true);
    const payload = JSON.parse(delivery!.body);
    expect(payload).toMatchObject({
      event: "battle.completed",
      data: { object: "battle", id: "bat_demo", battle_id: "bat_demo", test: true },
    });
    expect(payload.data.participants).toHaveLength(2);
  });

  it("reports success false when the endpoint refuses the test event", async () => {
    fixture.receiver.setStatus(401);
    const id = await registerWebhook();
    const response = await fixture.test.call("POST", "/api/v1/webhooks/test", {
      key: fixture.test.key("bob"),
      body: { webhook_id: id, event: "system.maintenance_scheduled" },
    });
    expect(response.body.success).toBe(false);
    const failed = await fixture.test.call("GET", `/api/v1/webhooks/${id}/failed_deliveries`, {
      key: fixture.test.key("bob"),
    });
    expect(failed.body.failed_deliveries[0]).toMatchObject({
      id: response.body.delivery_id,
      last_response_code: 401,
    });
  });
});

describe("POST /api/v1/webhooks/test to an inactive webhook", () => {
  it("answers 409 in the error format and delivers nothing", async () => {
    const created = await fixture.test.call("POST", "/api/v1/webhooks", {
      key: fixture.test.key("bob"),
      body: { url: fixture.receiver.url, events: ["battle.completed"], secret, active: false },
    });
    const id: string = created.body.id;
    const response = await fixture.test.call("POST", "/api/v1/webhooks/test", {
      key: fixture.test.key("bob"),
      body: { webhook_id: id, event: "battle.completed" },
    });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      error: {
        code: "CONFLICT",
        message: `webhook ${id} is inactive: activate it to send it a test event`,
        requestId: expect.any(String),
      },
    });
    const deliveries = await fixture.test.call("GET", `/api/v1/webhooks/${id}/deliveries`, {
      key: fixture.test.key("bob"),
    });
    expect(deliveries.body).toEqual({ deliveries: [] });
    // The answer came after the attempt it would have made: nothing is on its way.
    expect(fixture.receiver.received).toEqual([]);
  });
});

describe("event kinds", () => {
  it("emits every kind in the spec when its cause happens", async () => {
    await fixture.test.call("POST", "/api/v1/webhooks", {
      key: fixture.test.key("alice"),
      body: { url: fixture.receiver.url, events: [...eventKinds], secret },
    });
    const bob = { key: fixture.test.key("bob") };
    const carol = { key: fixture.test.key("carol") };

    await fixture.test.call("POST", "/sandbox/users", { body: { username: "newcomer" } });
    await fixture.test.call("PUT", "/v1/users/me", { ...bob, body: { bio: "hi" } });
    const team = (await fixture.test.call("POST", "/v1/teams", { ...bob, body: { name: "Team Bob" } })).body;
    const carolTeam = (
      await fixture.test.call("POST", "/v1/teams", { ...carol, body: { name: "Team Carol" } })
    ).body;
    const invitation = (
      await fixture.test.call("POST", `/v1/teams/${team.id}/invite`, { ...bob, body: { username: "dave" } })
    ).body;
    await fixture.test.call("POST", `/sandbox/invitations/${invitation.invitation.id}/accept`);
    expect(carolTeam.id).toBeDefined();

    const battle = (
      await fixture.test.call("POST", "/v1/battles", {
        ...bob,
        body: { type: "team", difficulty: "easy", language: "python", participants: 2 },
      })
    ).body;
    await fixture.test.call("POST", `/v1/battles/${battle.id}/join`, bob);
    await fixture.test.call("POST", `/v1/battles/${battle.id}/join`, carol);
    await fixture.test.call("POST", `/v1/battles/${battle.id}/submit`, {
      ...bob,
      body: { language: "python", code: "PASS" },
    });
    await fixture.test.call("POST", `/v1/battles/${battle.id}/submit`, {
      ...carol,
      body: { language: "python", code: "FAIL" },
    });

    const open = await fixture.test.call("GET", "/v1/tournaments?status=open", bob);
    await fixture.test.call("POST", `/sandbox/tournaments/${open.body.tournaments[0].id}/start`);
    await fixture.test.call("POST", "/sandbox/maintenance", {
      body: { message: "Database upgrade", durationMinutes: 30 },
    });
    await fixture.test.sandbox.advance(7 * 24 * 3_600_000);
    await fixture.test.sandbox.idle();

    const received = fixture.receiver.received.map((delivery) => parsePayload(delivery.body));
    expect(new Set(received.map((payload) => payload.event))).toEqual(new Set(eventKinds));
    for (const payload of received) {
      expect(payload).toEqual({
        id: expect.stringMatching(/^evt_/),
        event: expect.any(String),
        created: expect.any(String),
        data: expect.objectContaining({ object: expect.any(String), id: expect.any(String) }),
        request: { id: expect.any(String), idempotency_key: expect.any(String) },
      });
    }
    const achievement = received.find((payload) => payload.event === "user.achievement_earned");
    expect(achievement!.data).toMatchObject({
      object: "achievement",
      user: { username: expect.any(String), email: expect.any(String) },
      achievement: {
        id: expect.any(String),
        name: expect.any(String),
        description: expect.any(String),
        tier: expect.any(String),
        points: expect.any(Number),
      },
      progress: { current: 1, required: 1, completed_at: expect.any(String) },
    });
    const teamBattle = received.find((payload) => payload.event === "team.battle_completed");
    expect(teamBattle!.data).toMatchObject({ object: "battle", id: battle.id, winner_team_id: team.id });
  });
});
