// A verified delivery between reading its body and storing it (docs/architecture.md, "Webhooks in" steps 2
// and 3): what crosses into the writer's thread (ingest-event.ts prepares it), how the transaction reads it
// back, and the inbox row it becomes.
import type { NormalisedDelivery } from "../events/normalise-event.js";
import type { PlatformEvent, UnknownPlatformEvent } from "../events/platform-event.js";
import type { InboxEventInput } from "../store/inbox.js";
import { inboxSourceOf, type EventSource } from "./event-source.js";
import { keepBody, type KeptBody } from "./kept-body.js";

/** A delivery whose body could not be read as a platform event (normaliseEvent), and why. */
export type MalformedDelivery = Extract<NormalisedDelivery, { readonly ok: false }>;

/**
 * What a delivery becomes before any database work: read once, outside the transaction. It crosses into the
 * writer's thread (create-ingester.ts), so it is plain data and holds of the body only what its inbox row
 * keeps: the body's bytes cost more to copy there than the event read from them.
 */
export type PreparedDelivery = {
  readonly source: EventSource;
  readonly receivedAt: number;
  /**
   * What the inbox row keeps of the body (kept-body.ts), when it cannot keep the event whole: a malformed
   * delivery's, or an unknown kind's larger than keptBodyBytes (its event then crosses without its data).
   */
  readonly keptBody?: KeptBody;
} & (
  | {
      /**
       * The event read from the body, as JSON text: what its inbox row stores, and cheaper to copy into the
       * writer's thread and read there than the event itself (docs/performance.md).
       */
      readonly eventText: string;
    }
  | { readonly malformed: MalformedDelivery }
);

/** A prepared delivery as the transaction reads it: its event with the event's JSON text, or why it has none. */
export type ReadDelivery = {
  readonly source: EventSource;
  readonly receivedAt: number;
  readonly keptBody: KeptBody | undefined;
} & (
  | { readonly normalised: { readonly ok: true; readonly event: PlatformEvent }; readonly eventText: string }
  | { readonly normalised: MalformedDelivery; readonly eventText: undefined }
);

/**
 * The event back from its JSON text. Fields that were undefined are absent after the round trip, which reads
 * the same; the outbox worker reads the stored event the same way (src/events/stored-event.ts).
 */
export function readPreparedDelivery(delivery: PreparedDelivery): ReadDelivery {
  const { source, receivedAt, keptBody } = delivery;
  if ("malformed" in delivery) {
    return { source, normalised: delivery.malformed, eventText: undefined, receivedAt, keptBody };
  }
  const event = JSON.parse(delivery.eventText) as PlatformEvent;
  return { source, normalised: { ok: true, event }, eventText: delivery.eventText, receivedAt, keptBody };
}

/**
 * The inbox row of a delivery: a malformed one is kept dead, with what kept-body.ts keeps of its body, for
 * someone to look at.
 */
export function toInboxRow(delivery: ReadDelivery): InboxEventInput {
  const { receivedAt, keptBody } = delivery;
  const source = inboxSourceOf(delivery.source);
  if (delivery.eventText === undefined) {
    // A retry cannot fix it, so it is acknowledged and kept.
    const { eventId, rawKind, error } = delivery.normalised;
    const payload = keptBody ?? keepBody(Buffer.alloc(0));
    return { eventId, kind: rawKind, source, status: "dead", payload, error, receivedAt };
  }
  const { eventText, normalised } = delivery;
  const { event } = normalised;
  if (event.kind === undefined) {
    const payload = ignoredPayload(event, keptBody);
    return { eventId: event.id, kind: event.rawKind, source, status: "ignored", payload, receivedAt };
  }
  // Stored as the text it crossed as: the same JSON the event would be made into again.
  return {
    eventId: event.id,
    kind: event.rawKind,
    source,
    status: "accepted",
    payload: event,
    payloadText: eventText,
    receivedAt,
  };
}

/**
 * An unknown kind's row: the event with its data as sent, or, for a body too large to keep whole, what
 * kept-body.ts keeps of the body with the event's bounded fields (its id, kind, time and whether a test). The
 * data and the request are left out: their text has no limit of its own.
 */
function ignoredPayload(event: UnknownPlatformEvent, keptBody: KeptBody | undefined): unknown {
  if (keptBody === undefined) return event;
  const { id, rawKind, createdAt, form, test } = event;
  return { id, rawKind, createdAt, form, test, ...keptBody };
}
