// The schemas every delivery is read with, compiled by zod into one plain function each (`z.compile`): zod
// walking its schema objects took about a third of the receiver's own CPU per delivery on the event loop
// (bench/webhook-ingest.ts under --cpu-prof; docs/performance.md). A payload the
// compiled function refuses is read again by zod's own parser, so what is accepted, what it becomes and the
// issues reported stay zod's (test/events/compiled-schemas.test.ts compares the two). Each is compiled on
// first use, so a program that never reads an event, or a kind, pays nothing for it.
import { z } from "zod";
import type { EventKind } from "./event-kinds.js";
import { eventDataSchemas } from "./event-data/event-data-schemas.js";
import { olderEnvelopeSchema, standardEnvelopeSchema } from "./platform-event.js";

type DataSchemas = typeof eventDataSchemas;

const compiledData = new Map<EventKind, z.ZodType>();

/** `eventDataSchemas[kind]`, compiled. */
export function compiledDataSchema<K extends EventKind>(kind: K): DataSchemas[K] {
  let compiled = compiledData.get(kind);
  if (compiled === undefined) {
    compiled = z.compile(eventDataSchemas[kind]);
    compiledData.set(kind, compiled);
  }
  // Compiled from eventDataSchemas[kind] just above or earlier: a clone of that schema, of its type.
  return compiled as DataSchemas[K];
}

let standard: typeof standardEnvelopeSchema | undefined;
let older: typeof olderEnvelopeSchema | undefined;

/** The standard form's envelope schema, compiled. */
export function compiledStandardEnvelope(): typeof standardEnvelopeSchema {
  return (standard ??= z.compile(standardEnvelopeSchema));
}

/** The older form's envelope schema, compiled. */
export function compiledOlderEnvelope(): typeof olderEnvelopeSchema {
  return (older ??= z.compile(olderEnvelopeSchema));
}
