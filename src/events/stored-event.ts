// The inbox `payload` of an accepted or ignored event is the PlatformEvent as JSON
// (src/webhooks/ingest-event.ts); the outbox worker reads it back here to render. Fields that were
// undefined are simply absent after the round trip, which reads the same.
import { isEventKind } from "./event-kinds.js";
import type { PlatformEvent } from "./platform-event.js";

export class StoredEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StoredEventError";
  }
}

/**
 * The event stored for an inbox row (`findInboxEvent(db, eventId).payload`). Throws StoredEventError for a
 * payload that is not one: a dead-lettered row (its payload is what src/webhooks/kept-body.ts keeps of the
 * body), an ignored one whose body was too large to keep its data, or a row written by another release.
 */
export function readStoredEvent(payload: unknown): PlatformEvent {
  if (typeof payload !== "object" || payload === null) throw new StoredEventError("not an object");
  const stored = payload as Record<string, unknown>;
  const { id, rawKind, createdAt, form, data, kind } = stored;
  if (typeof id !== "string" || typeof rawKind !== "string" || typeof createdAt !== "number") {
    throw new StoredEventError("not a stored platform event (dead-lettered?)");
  }
  if (form !== "standard" && form !== "older") throw new StoredEventError("unknown payload form");
  if (typeof data !== "object" || data === null) throw new StoredEventError("no data");
  if (kind !== undefined && (typeof kind !== "string" || !isEventKind(kind))) {
    throw new StoredEventError("unknown event kind");
  }
  // Written by normaliseEvent from data its kind's schema produced; the checks above guard the envelope.
  // A row stored before test deliveries were told apart was never a test one.
  return {
    ...stored,
    kind,
    request: stored.request ?? undefined,
    test: stored.test === true,
  } as PlatformEvent;
}

/**
 * Whether an inbox row's payload is a test delivery's (docs/platform-assumptions.md, "Test deliveries"); false
 * for a dead-lettered row or one stored before the mark existed, without reading the rest.
 */
export function isStoredTestEvent(payload: unknown): boolean {
  return typeof payload === "object" && payload !== null && (payload as { test?: unknown }).test === true;
}
