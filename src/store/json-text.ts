// JSON kept in text columns (event kind lists, filters, payloads): both dialects store it the same way.
import { z } from "zod";
import { isEventKind, type EventKind } from "../events/event-kinds.js";

export function toJsonText(value: unknown): string {
  return JSON.stringify(value);
}

const stringArraySchema = z.array(z.string());

/** Kinds a later release no longer knows are dropped rather than failing the whole row. */
export function parseEventKinds(text: string): EventKind[] {
  return stringArraySchema.parse(JSON.parse(text)).filter(isEventKind);
}
