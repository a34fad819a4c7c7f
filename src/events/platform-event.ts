// The two payload forms the platform sends (the platform's API reference, Events › Payload) and the one event
// type both become (docs/architecture.md, "Webhooks in" step 2). Renderers switch on `kind` and get the data
// typed for it.
import { z } from "zod";
import type { EventKind } from "./event-kinds.js";
import type { EventDataByKind } from "./event-data/event-data-schemas.js";
import { optionalId, optionalText } from "./event-data/fields.js";

export type { EventDataByKind } from "./event-data/event-data-schemas.js";

/** Which payload form the event arrived in. */
export type PayloadForm = "standard" | "older";

export interface EventRequest {
  readonly id: string | undefined;
  readonly idempotencyKey: string | undefined;
}

interface PlatformEventBase {
  /** The platform's event id; the older form has none, so it is `sha256:<hex of the raw body>`. */
  readonly id: string;
  /** The kind as sent: `tournament.started` stays here while `kind` says `system.tournament_started`. */
  readonly rawKind: string;
  /** When the platform created the event (ms since the epoch); an event that does not say is never read. */
  readonly createdAt: number;
  readonly form: PayloadForm;
  /** The platform request that caused the event (standard form only). */
  readonly request: EventRequest | undefined;
  /**
   * A test delivery (`POST /api/v1/webhooks/test`, marked `data.test: true`): shown as a test, pinging no one,
   * and kept out of every read model (docs/platform-assumptions.md, "Test deliveries").
   */
  readonly test: boolean;
}

export type PlatformEventOf<K extends EventKind> = PlatformEventBase & {
  readonly kind: K;
  readonly data: EventDataByKind[K];
};

export type KnownPlatformEvent = { [K in EventKind]: PlatformEventOf<K> }[EventKind];

/** A kind this release does not know: stored and ignored, its data kept as sent. */
export interface UnknownPlatformEvent extends PlatformEventBase {
  readonly kind: undefined;
  readonly data: Readonly<Record<string, unknown>>;
}

export type PlatformEvent = KnownPlatformEvent | UnknownPlatformEvent;

/** Ids and kinds become database keys and columns: printable text of a sane length only. */
const printable = /^[^\p{Cc}\p{Cs}]+$/u;

export const eventIdSchema = z
  .union([z.string(), z.number().int()])
  .transform((value) => String(value))
  .pipe(z.string().min(1).max(256).regex(printable, "must be printable text"));

export const eventKindTextSchema = z.string().min(1).max(100).regex(printable, "must be printable text");

const dataSchema = z.record(z.string(), z.unknown());

/** `{ id, event, created, data: { object, id, … }, request: { id, idempotency_key } }`. */
export const standardEnvelopeSchema = z.object({
  id: eventIdSchema,
  event: eventKindTextSchema,
  created: z.unknown().optional(),
  data: dataSchema,
  request: z
    .object({ id: optionalId, idempotency_key: optionalText })
    .optional()
    .catch(undefined)
    .transform((request): EventRequest | undefined =>
      request === undefined ? undefined : { id: request.id, idempotencyKey: request.idempotency_key },
    ),
});

/** `{ event, timestamp, data: { battleId, winner, participants, duration } }`: camelCase data, no id. */
export const olderEnvelopeSchema = z.object({
  event: eventKindTextSchema,
  timestamp: z.unknown().optional(),
  data: dataSchema,
});
