// A member's Linked Roles connection as Discord shows it on their profile: the platform's name, the member's
// username there, and each metadata value under the name the application registered for its key.
import {
  ApplicationRoleConnectionMetadataType as MetadataType,
  type APIApplicationRoleConnection,
  type APIApplicationRoleConnectionMetadata,
} from "discord.js";

export interface RoleConnectionView {
  readonly platformName: string | null;
  readonly platformUsername: string | null;
  /** In the order the records were registered; keys with no record are left out, as Discord does. */
  readonly values: readonly { readonly key: string; readonly name: string; readonly value: string }[];
}

const datetimeTypes: readonly MetadataType[] = [
  MetadataType.DatetimeLessThanOrEqual,
  MetadataType.DatetimeGreaterThanOrEqual,
];
const booleanTypes: readonly MetadataType[] = [MetadataType.BooleanEqual, MetadataType.BooleanNotEqual];

export function describeRoleConnection(
  connection: APIApplicationRoleConnection,
  records: readonly APIApplicationRoleConnectionMetadata[],
): RoleConnectionView {
  const values = records.flatMap((record) => {
    const raw = connection.metadata[record.key];
    if (raw === undefined) return [];
    return [{ key: record.key, name: record.name, value: showValue(record.type, String(raw)) }];
  });
  return { platformName: connection.platform_name, platformUsername: connection.platform_username, values };
}

/** Integers as they are; a date (ISO 8601) as its UTC day; a boolean ("1" or "0") as Yes or No. */
function showValue(type: MetadataType, raw: string): string {
  if (datetimeTypes.includes(type)) {
    const at = Date.parse(raw);
    return Number.isNaN(at) ? raw : new Date(at).toISOString().slice(0, 10);
  }
  if (booleanTypes.includes(type)) return raw === "1" ? "Yes" : "No";
  return raw;
}
