// Both ways interactions reach the bot (docs/architecture.md, "Growing past one machine"): over the gateway,
// or POSTed to /interactions. The e2e files whose scenarios cover every kind of interaction run them in each
// mode with `describe.each`.
import { expect } from "vitest";
import type { EndToEnd } from "./harness.js";

export const interactionsModes = ["gateway", "http"] as const;
export type InteractionsMode = (typeof interactionsModes)[number];

/**
 * Every interaction of the scenario went the mode's way and got its first response that way (the HTTP answer,
 * or the REST callback); over HTTP the fake Discord took every answer (2xx, readable, a valid callback).
 */
export function expectEveryInteractionAnswered(world: EndToEnd, mode: InteractionsMode): void {
  const records = world.discord.interactions();
  expect(records.length).toBeGreaterThan(0);
  const strays = records.filter(
    (record) => record.delivery !== mode || record.callback?.overHttp !== (mode === "http"),
  );
  expect(
    strays.map(({ id, commandName, delivery, state }) => ({ id, commandName, delivery, state })),
  ).toEqual([]);
  expect(world.discord.httpDeliveryFailures).toEqual([]);
}
