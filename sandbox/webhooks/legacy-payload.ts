// The older payload form of the general reference (the platform's API reference, Payload): `{ event,
// timestamp, data }` with camelCase fields, the resource id as `<object>Id` (e.g. `battleId`) and battle
// participants as an array of user ids. Sent to webhooks registered with `payload_format: "legacy"`
// (a sandbox extra), so receivers can be tested against both forms.
import { toIso } from "../clock.js";
import type { EventData } from "../core/deps.js";

export function renderLegacyPayload(kind: string, created: number, data: EventData): string {
  return JSON.stringify({ event: kind, timestamp: toIso(created), data: legacyData(data) });
}

function legacyData(data: EventData): Record<string, unknown> {
  const { object, id, ...fields } = data;
  const converted = camelCaseKeys(fields) as Record<string, unknown>;
  if (object === "battle" && Array.isArray(fields.participants)) {
    converted.participants = fields.participants.map((participant: unknown) =>
      isRecord(participant) ? participant.user_id : participant,
    );
  }
  return { [`${object}Id`]: id, ...converted };
}

function camelCaseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelCaseKeys);
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase()),
      camelCaseKeys(inner),
    ]),
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
