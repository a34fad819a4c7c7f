// The secret the delivery tests' webhooks sign with, and a helper that registers one on the test's receiver.
import { expect } from "vitest";
import type { SandboxAndReceiver } from "./sandbox-and-receiver.js";

export const secret = "whsec_test_0123456789";

/** Registers alice's webhook for `events` on `fixture`'s receiver, signed with `secret`; resolves to its id. */
export function createWebhookRegistrar(fixture: SandboxAndReceiver): (events: string[]) => Promise<string> {
  return async function registerWebhook(events: string[]): Promise<string> {
    const response = await fixture.test.call("POST", "/api/v1/webhooks", {
      key: fixture.test.key("alice"),
      body: { url: fixture.receiver.url, events, secret, description: "test receiver" },
    });
    expect(response.status).toBe(201);
    const id: string = response.body.id;
    return id;
  };
}
