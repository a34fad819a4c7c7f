// What the normaliseEvent tests read a body through: the delivery as normaliseEvent answers it, or the event
// of one that must be read.
import { normaliseEvent, type NormalisedDelivery } from "../../../src/events/normalise-event.js";
import type { PlatformEvent } from "../../../src/events/platform-event.js";

export function normalise(body: string): NormalisedDelivery {
  return normaliseEvent(Buffer.from(body, "utf8"));
}

export function event(body: string): PlatformEvent {
  const result = normalise(body);
  if (!result.ok) throw new Error(`expected an event, got: ${result.error}`);
  return result.event;
}
