// A verified body becomes one PlatformEvent, or a reason it cannot (docs/architecture.md, "Webhooks in" step
// 2). Total: whatever the bytes, it returns, so a verified delivery is always acknowledged and never answered
// 5xx. An event must say when it was created: the receiver judges a replay by that time, so an undated one
// could be posted again once the inbox forgot it (docs/platform-assumptions.md, "Event times").
import { createHash } from "node:crypto";
import type { z } from "zod";
import { canonicalEventKind } from "./event-kinds.js";
import { compiledDataSchema, compiledOlderEnvelope, compiledStandardEnvelope } from "./compiled-schemas.js";
import { readTimestamp } from "./event-data/timestamps.js";
import {
  eventIdSchema,
  eventKindTextSchema,
  type EventRequest,
  type PayloadForm,
  type PlatformEvent,
} from "./platform-event.js";

export type NormalisedDelivery =
  | { readonly ok: true; readonly event: PlatformEvent }
  | {
      readonly ok: false;
      /** The payload's id when it has a usable one, else derived from the body (so retries dedupe). */
      readonly eventId: string;
      /** The payload's `event` when readable, else "unknown". */
      readonly rawKind: string;
      readonly error: string;
    };

/** Deeper JSON cannot be a platform event, and JSON.stringify would overflow the stack storing it. */
const maxDepth = 32;

// Every delivery passes here, so it creates no function per call: tsx and the bundle keep function names, which
// costs each closure a property definition (docs/performance.md).
export function normaliseEvent(rawBody: Buffer): NormalisedDelivery {
  let parsed: unknown;
  try {
    parsed = JSON.parse(withoutByteOrderMark(rawBody.toString("utf8")));
  } catch {
    return { ok: false, eventId: deriveEventId(rawBody), rawKind: "unknown", error: "the body is not JSON" };
  }
  if (exceedsDepth(parsed, maxDepth)) {
    return malformed(parsed, rawBody, `the payload is nested deeper than ${maxDepth}`);
  }
  if (!isRecord(parsed)) return malformed(parsed, rawBody, "the payload is not a JSON object");

  const form: PayloadForm = "id" in parsed ? "standard" : "older";
  const envelope = readEnvelope(parsed, form, rawBody);
  if (!envelope.success) return malformed(parsed, rawBody, describeIssues(envelope.error.issues, []));
  const { id, event: rawKind, data, request } = envelope.data;
  const createdAt = readTimestamp(envelope.data.time);
  const timeField = form === "standard" ? "created" : "timestamp";
  if (createdAt === undefined) {
    return malformed(parsed, rawBody, `${timeField}: missing or not a readable time`);
  }
  // How the platform marks a test delivery: docs/platform-assumptions.md, "Test deliveries".
  const test = data.test === true;

  // Each event is written out field by field rather than spread from a common part: in Node 20 a spread
  // followed by other properties costs about a microsecond (docs/performance.md).
  const kind = canonicalEventKind(rawKind);
  if (kind === undefined) {
    return { ok: true, event: { id, rawKind, createdAt, form, request, test, kind: undefined, data } };
  }
  const parsedData = compiledDataSchema(kind).safeParse(form === "older" ? toSnakeCaseKeys(data) : data);
  if (!parsedData.success) {
    return malformed(parsed, rawBody, describeIssues(parsedData.error.issues, ["data"]));
  }
  // The schema was picked by `kind`, so the data has that kind's type; TypeScript cannot follow the pairing.
  const event = { id, rawKind, createdAt, form, request, test, kind, data: parsedData.data } as PlatformEvent;
  return { ok: true, event };
}

/** A stable id for a body that carries none: the platform retries with the same bytes. */
export function deriveEventId(rawBody: Buffer): string {
  return `sha256:${createHash("sha256").update(rawBody).digest("hex")}`;
}

interface Envelope {
  readonly id: string;
  readonly event: string;
  readonly time: unknown;
  readonly data: Record<string, unknown>;
  readonly request: EventRequest | undefined;
}

function readEnvelope(
  payload: Record<string, unknown>,
  form: PayloadForm,
  rawBody: Buffer,
): { success: true; data: Envelope } | { success: false; error: z.ZodError } {
  if (form === "standard") {
    const parsed = compiledStandardEnvelope().safeParse(payload);
    if (!parsed.success) return parsed;
    const { id, event, created, data, request } = parsed.data;
    return { success: true, data: { id, event, time: created, data, request } };
  }
  const parsed = compiledOlderEnvelope().safeParse(payload);
  if (!parsed.success) return parsed;
  const { event, timestamp, data } = parsed.data;
  return {
    success: true,
    data: { id: deriveEventId(rawBody), event, time: timestamp, data, request: undefined },
  };
}

/**
 * A malformed payload, with what it can still tell: its id and kind, when they are usable. The body is hashed
 * only when it has no usable id: most carry theirs.
 */
function malformed(payload: unknown, rawBody: Buffer, error: string): NormalisedDelivery {
  if (!isRecord(payload)) return { ok: false, eventId: deriveEventId(rawBody), rawKind: "unknown", error };
  const id = eventIdSchema.safeParse(payload.id);
  const kind = eventKindTextSchema.safeParse(payload.event);
  const eventId = id.success ? id.data : deriveEventId(rawBody);
  return { ok: false, eventId, rawKind: kind.success ? kind.data : "unknown", error };
}

/** The text without the byte order mark some encoders put first (JSON.parse refuses it). */
function withoutByteOrderMark(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The older form's data is camelCase (`battleId`, nested keys too); the data schemas read the standard
 * snake_case, where `battle_id` and the like stand in for the missing `id`. The depth was checked first.
 */
function toSnakeCaseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toSnakeCaseKeys);
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
      toSnakeCaseKeys(inner),
    ]),
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Recursive rather than a list of pending values with their depths: it goes at most `limit` + 1 calls deep, so a
 * hostile nesting cannot overflow the stack here either (JSON.parse has already built it). Own keys only:
 * JSON.parse makes plain objects.
 */
function exceedsDepth(value: unknown, limit: number): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (limit === 0) return true;
  if (Array.isArray(value)) {
    for (const item of value) if (exceedsDepth(item, limit - 1)) return true;
    return false;
  }
  for (const key of Object.keys(value)) {
    if (exceedsDepth((value as Record<string, unknown>)[key], limit - 1)) return true;
  }
  return false;
}

/** A short, printable summary of the first problems, for the inbox's `error` column and the logs. */
function describeIssues(issues: z.ZodError["issues"], prefix: readonly string[]): string {
  const described = issues
    .slice(0, 3)
    .map((issue) => `${[...prefix, ...issue.path.map(String)].join(".") || "payload"}: ${issue.message}`)
    .join("; ");
  return described.replace(/[\p{Cc}\p{Cs}]/gu, "?").slice(0, 500);
}
