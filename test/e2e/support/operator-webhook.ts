// The operator's platform webhook as the platform sends it: a signed event POSTed to one bot instance, or
// registered on the sandbox so that the platform sends the world's bot the events it names.
import { createHmac } from "node:crypto";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";
import type { RunningBot } from "../../../src/bot/build-bot.js";
import type { EndToEnd } from "../harness.js";

/** PLATFORM_WEBHOOK_SECRET of the end-to-end worlds that receive operator webhooks. */
export const operatorSecret = "operator-webhook-secret-for-e2e";

// Dated now: these bots run on the real clock, and drop an event older than the inbox remembers.
const createdNow = new Date().toISOString();

/** A `system.tournament_started` event, accepted (200) by `bot`. */
export async function announceTournament(bot: RunningBot, id: string, title: string): Promise<void> {
  await sendOperatorEvent(bot, {
    id,
    event: "system.tournament_started",
    created: createdNow,
    data: { object: "tournament", id: `trn_${id}`, title },
  });
}

/** Any event, signed with the operator's secret and accepted (200) by `bot`. */
export async function sendOperatorEvent(bot: RunningBot, event: Record<string, unknown>): Promise<void> {
  const body = JSON.stringify(event);
  const { port } = bot.http.server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/webhooks/platform`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-service-signature": `sha256=${createHmac("sha256", operatorSecret).update(body).digest("hex")}`,
    },
    body,
  });
  expect(response.status).toBe(200);
}

/** Registers the world's receiver for `events` with the operator secret, as the holder of `key`. */
export async function registerOperatorWebhook(
  world: EndToEnd,
  key: string,
  events: readonly string[],
): Promise<void> {
  const registered = await fetch(`${world.sandbox.url}/api/v1/webhooks`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ url: `${world.publicUrl}/webhooks/platform`, events, secret: operatorSecret }),
  });
  expect(registered.status).toBeLessThan(300);
}
