// The platform webhook endpoints the bot stored for the test server, as /setup webhook made them.
import { expect } from "vitest";
import { listGuildWebhookEndpoints, type WebhookEndpoint } from "../../../src/store/webhook-endpoints.js";
import type { EndToEnd } from "../harness.js";

export function guildEndpoints(world: EndToEnd): Promise<WebhookEndpoint[]> {
  const { db, secretBox, clock } = world.bot.deps;
  return listGuildWebhookEndpoints(db, secretBox, world.guildId, clock.now());
}

/** The one endpoint the server has; fails the test when it has none or more. */
export async function onlyGuildEndpoint(world: EndToEnd): Promise<WebhookEndpoint> {
  const [endpoint, ...others] = await guildEndpoints(world);
  expect(others).toEqual([]);
  if (endpoint === undefined) throw new Error("no endpoint was stored");
  return endpoint;
}
