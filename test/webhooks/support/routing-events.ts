// The routeEvent tests' fixtures: known events, targets as sorted text, and the scope reaching every guild.
import { normaliseEvent } from "../../../src/events/normalise-event.js";
import type { KnownPlatformEvent } from "../../../src/events/platform-event.js";
import type { OutboxTarget } from "../../../src/webhooks/select-targets.js";
import { battleCompletedData, standardEvent } from "./payloads.js";

export function known(body: string): KnownPlatformEvent {
  const result = normaliseEvent(Buffer.from(body));
  if (!result.ok || result.event.kind === undefined) throw new Error("expected a known event");
  return result.event;
}

export const battleCompleted = (overrides: Record<string, unknown> = {}) =>
  known(standardEvent({ event: "battle.completed", data: battleCompletedData(overrides) }));

/** Targets as "action guild/channel", sorted, for readable comparisons. */
export function describeTargets(targets: readonly OutboxTarget[]): string[] {
  return targets.map((target) => `${target.action} ${target.channelId}`).sort();
}

export const everywhere = { guildId: undefined };
