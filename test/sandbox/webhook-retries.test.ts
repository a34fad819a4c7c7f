// A failing receiver sees the five attempts on the spec's schedule, ending in a `failed` record with
// `next_retry: null`; a 2xx answer stops the retries, and an endpoint that never answers counts as a failure.
import { createServer, type ServerResponse } from "node:http";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { parsePayload } from "./support/answers.js";
import { useSandboxAndReceiver } from "./support/sandbox-and-receiver.js";
import type { JsonAnswer } from "./support/sandbox.js";
import { createWebhookRegistrar, secret } from "./support/webhook-registration.js";

const fixture = useSandboxAndReceiver();
const registerWebhook = createWebhookRegistrar(fixture);

describe("retries", () => {
  const minute = 60_000;

  it("makes five attempts at 0 s, 30 s, 2 m 30 s, 10 m 30 s and 40 m 30 s, then records the failure", async () => {
    fixture.receiver.setStatus(500);
    const webhookId = await registerWebhook(["user.profile_updated"]);
    await fixture.test.call("PUT", "/v1/users/me", {
      key: fixture.test.key("alice"),
      body: { displayName: "Alice" },
    });
    await fixture.test.sandbox.idle();
    expect(fixture.receiver.received).toHaveLength(1);

    const failed = async (): Promise<JsonAnswer> =>
      (
        await fixture.test.call("GET", `/api/v1/webhooks/${webhookId}/failed_deliveries`, {
          key: fixture.test.key("alice"),
        })
      ).body.failed_deliveries[0];
    expect(await failed()).toMatchObject({ attempts: 1, next_retry: "2026-01-01T12:00:30.000Z" });

    const schedule = [
      { wait: 30_000, total: 2, next: "2026-01-01T12:02:30.000Z" },
      { wait: 2 * minute, total: 3, next: "2026-01-01T12:10:30.000Z" },
      { wait: 8 * minute, total: 4, next: "2026-01-01T12:40:30.000Z" },
      { wait: 30 * minute, total: 5, next: null },
    ];
    for (const step of schedule) {
      await fixture.test.sandbox.advance(step.wait - 1_000);
      expect(fixture.receiver.received).toHaveLength(step.total - 1);
      await fixture.test.sandbox.advance(1_000);
      expect(fixture.receiver.received).toHaveLength(step.total);
      expect(await failed()).toMatchObject({ attempts: step.total, next_retry: step.next });
    }

    expect(await failed()).toEqual({
      id: expect.stringMatching(/^dlv_/),
      event_id: expect.stringMatching(/^evt_/),
      status: "failed",
      attempts: 5,
      last_response_code: 500,
      error_message: "endpoint answered HTTP 500",
      next_retry: null,
      created_at: "2026-01-01T12:00:00.000Z",
      failed_at: "2026-01-01T12:40:30.000Z",
    });
    const eventIds = new Set(fixture.receiver.received.map((delivery) => parsePayload(delivery.body).id));
    expect(eventIds.size).toBe(1);
    await fixture.test.sandbox.advance(24 * 60 * minute);
    expect(fixture.receiver.received).toHaveLength(5);
    const records = await fixture.test.call("GET", `/api/v1/webhooks/${webhookId}/deliveries`, {
      key: fixture.test.key("alice"),
    });
    expect(records.body.deliveries[0]).toMatchObject({
      status: "failed",
      attempts: 5,
      response_code: 500,
      delivered_at: null,
    });
  });

  it("keeps next_retry on a retry that is under way, and shows null only once the fifth attempt failed", async () => {
    // An endpoint that fails every attempt, but only when told to answer, so a record can be read while
    // an attempt is in flight.
    const held: ServerResponse[] = [];
    const endpoint = createServer((request, response) => {
      request.resume();
      held.push(response);
    });
    await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
    onTestFinished(async () => {
      endpoint.closeAllConnections();
      await new Promise<void>((resolve) => {
        endpoint.close(() => {
          resolve();
        });
      });
    });
    const port = (endpoint.address() as { port: number }).port;
    const failHeldAttempt = async () => {
      await vi.waitFor(
        () => {
          expect(held).toHaveLength(1);
        },
        { timeout: 15_000 },
      );
      held.splice(0).forEach((response) => response.writeHead(500).end());
      await fixture.test.sandbox.idle();
    };
    const registered = await fixture.test.call("POST", "/api/v1/webhooks", {
      key: fixture.test.key("alice"),
      body: { url: `http://127.0.0.1:${port}/`, events: ["user.profile_updated"], secret },
    });
    const failed = async (): Promise<JsonAnswer> =>
      (
        await fixture.test.call("GET", `/api/v1/webhooks/${registered.body.id}/failed_deliveries`, {
          key: fixture.test.key("alice"),
        })
      ).body.failed_deliveries[0];
    await fixture.test.call("PUT", "/v1/users/me", { key: fixture.test.key("alice"), body: { bio: "held" } });
    await failHeldAttempt();
    expect(await failed()).toMatchObject({ attempts: 1, next_retry: "2026-01-01T12:00:30.000Z" });

    const schedule = [
      { wait: 30_000, due: "2026-01-01T12:00:30.000Z", next: "2026-01-01T12:02:30.000Z" },
      { wait: 2 * minute, due: "2026-01-01T12:02:30.000Z", next: "2026-01-01T12:10:30.000Z" },
      { wait: 8 * minute, due: "2026-01-01T12:10:30.000Z", next: "2026-01-01T12:40:30.000Z" },
      { wait: 30 * minute, due: "2026-01-01T12:40:30.000Z", next: null },
    ];
    for (const [index, step] of schedule.entries()) {
      fixture.test.clock.advance(step.wait);
      // This read runs the due work, which starts the retry; the record still shows it as due.
      expect(await failed()).toMatchObject({ attempts: index + 1, next_retry: step.due });
      await failHeldAttempt();
      expect(await failed()).toMatchObject({ attempts: index + 2, next_retry: step.next });
    }
  });

  it("stops retrying once an attempt is answered 2xx", async () => {
    fixture.receiver.setStatus(503);
    const webhookId = await registerWebhook(["user.profile_updated"]);
    await fixture.test.call("PUT", "/v1/users/me", {
      key: fixture.test.key("alice"),
      body: { location: "Lyon" },
    });
    await fixture.test.sandbox.idle();
    fixture.receiver.setStatus(204);
    await fixture.test.sandbox.advance(30_000);
    const records = await fixture.test.call("GET", `/api/v1/webhooks/${webhookId}/deliveries`, {
      key: fixture.test.key("alice"),
    });
    expect(records.body.deliveries[0]).toMatchObject({
      status: "delivered",
      attempts: 2,
      response_code: 204,
    });
    const failed = await fixture.test.call("GET", `/api/v1/webhooks/${webhookId}/failed_deliveries`, {
      key: fixture.test.key("alice"),
    });
    expect(failed.body.failed_deliveries).toEqual([]);
  });

  it("counts an endpoint that does not answer in time as a failed attempt", async () => {
    await fixture.restartSandbox({ deliveryTimeoutMs: 200 });
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as { port: number }).port;
    const response = await fixture.test.call("POST", "/api/v1/webhooks", {
      key: fixture.test.key("alice"),
      body: { url: `http://127.0.0.1:${port}/`, events: ["user.profile_updated"], secret },
    });
    await fixture.test.call("PUT", "/v1/users/me", { key: fixture.test.key("alice"), body: { bio: "slow" } });
    await fixture.test.sandbox.idle();
    const failed = await fixture.test.call("GET", `/api/v1/webhooks/${response.body.id}/failed_deliveries`, {
      key: fixture.test.key("alice"),
    });
    expect(failed.body.failed_deliveries[0]).toMatchObject({
      attempts: 1,
      last_response_code: 0,
      error_message: "no answer within the 10 second deadline",
    });
    silent.closeAllConnections();
    await new Promise<void>((resolve) => {
      silent.close(() => {
        resolve();
      });
    });
  });
});
