import {
  ApplicationRoleConnectionMetadataType,
  type APIApplicationRoleConnection,
  type APIApplicationRoleConnectionMetadata,
} from "discord.js";
import { DiscordHttpError } from "../discord-errors.js";
import { FieldErrorCollector, isRecord } from "../validation/field-checks.js";

/** Limits from docs: Resources, Application Role Connection Metadata and User — Update Current User Application Role Connection. */
const limits = {
  records: 5,
  keyPattern: /^[a-z0-9_]{1,50}$/,
  name: 100,
  description: 200,
  platformName: 50,
  platformUsername: 100,
  metadataValue: 100,
} as const;

const metadataTypes: ReadonlySet<unknown> = new Set(
  Object.values(ApplicationRoleConnectionMetadataType).filter((value) => typeof value === "number"),
);

/** Reads the body of Update Application Role Connection Metadata Records; 400 50035 on any fault. */
export function readMetadataRecords(body: unknown): APIApplicationRoleConnectionMetadata[] {
  const errors = new FieldErrorCollector();
  if (!Array.isArray(body)) {
    errors.add([], "LIST_TYPE_CONVERT", "Must be an array.");
    throw new DiscordHttpError("invalidFormBody", errors.errors);
  }
  errors.maxItems([], body, limits.records);
  const records = body.map((record: unknown, index): APIApplicationRoleConnectionMetadata => {
    if (!isRecord(record)) {
      errors.add([index], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
      return record as never;
    }
    if (!metadataTypes.has(record.type))
      errors.add(
        [index, "type"],
        "ENUM_TYPE_COERCE",
        `Value "${String(record.type)}" is not a valid enum value.`,
      );
    if (typeof record.key !== "string" || !limits.keyPattern.test(record.key))
      errors.add([index, "key"], "STRING_TYPE_REGEX", "String value did not match validation regex.");
    requireLength(errors, [index, "name"], record.name, limits.name);
    requireLength(errors, [index, "description"], record.description, limits.description);
    return {
      type: record.type as ApplicationRoleConnectionMetadataType,
      key: String(record.key),
      name: String(record.name),
      description: String(record.description),
      ...(isRecord(record.name_localizations) ? { name_localizations: record.name_localizations } : {}),
      ...(isRecord(record.description_localizations)
        ? { description_localizations: record.description_localizations }
        : {}),
    };
  });
  if (errors.errors.length > 0) throw new DiscordHttpError("invalidFormBody", errors.errors);
  return records;
}

const { IntegerLessThanOrEqual, BooleanNotEqual, DatetimeLessThanOrEqual, DatetimeGreaterThanOrEqual } =
  ApplicationRoleConnectionMetadataType;
const integerPattern = /^-?\d+$/;
const isoDatePattern = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Whether a stringified value fits its metadata type: an integer for the integer and boolean types, an
 * ISO8601 date for the datetime types (docs: Application Role Connection Metadata Type).
 */
function fitsMetadataType(type: ApplicationRoleConnectionMetadataType, value: string): boolean {
  if (type === DatetimeLessThanOrEqual || type === DatetimeGreaterThanOrEqual)
    return isoDatePattern.test(value) && !Number.isNaN(Date.parse(value));
  return type >= IntegerLessThanOrEqual && type <= BooleanNotEqual && integerPattern.test(value);
}

/**
 * Reads the body of Update Current User Application Role Connection: `platform_name` up to 50 characters,
 * `platform_username` up to 100, and `metadata` values (stringified, up to 100) under registered keys only,
 * each fitting its record's type. The `code` strings of the last two faults are the fake's own wording.
 */
export function readRoleConnection(
  body: unknown,
  registered: ReadonlyMap<string, ApplicationRoleConnectionMetadataType>,
): APIApplicationRoleConnection {
  const errors = new FieldErrorCollector();
  const fields = isRecord(body) ? body : {};
  // null reads as absent, as for the other optional fields of Discord's bodies.
  const platformName = fields.platform_name ?? undefined;
  const platformUsername = fields.platform_username ?? undefined;
  if (errors.string(["platform_name"], platformName))
    errors.maxLength(["platform_name"], platformName, limits.platformName);
  if (errors.string(["platform_username"], platformUsername))
    errors.maxLength(["platform_username"], platformUsername, limits.platformUsername);
  const metadata: Record<string, string> = {};
  const given = fields.metadata ?? {};
  if (!isRecord(given))
    errors.add(["metadata"], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
  for (const [key, value] of Object.entries(isRecord(given) ? given : {})) {
    const type = registered.get(key);
    if (type === undefined) {
      errors.add(
        ["metadata", key],
        "APPLICATION_ROLE_CONNECTION_METADATA_KEY_INVALID",
        `Unknown metadata key "${key}".`,
      );
      continue;
    }
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") {
      errors.add(["metadata", key], "STRING_TYPE_CONVERT", "Could not interpret value as string.");
      continue;
    }
    const text = String(value);
    metadata[key] = text;
    errors.maxLength(["metadata", key], text, limits.metadataValue);
    if (!fitsMetadataType(type, text))
      errors.add(
        ["metadata", key],
        "APPLICATION_ROLE_CONNECTION_METADATA_VALUE_INVALID",
        `Invalid value for "${key}".`,
      );
  }
  if (errors.errors.length > 0) throw new DiscordHttpError("invalidFormBody", errors.errors);
  return {
    platform_name: typeof platformName === "string" ? platformName : null,
    platform_username: typeof platformUsername === "string" ? platformUsername : null,
    metadata,
  };
}

function requireLength(
  errors: FieldErrorCollector,
  path: readonly (string | number)[],
  value: unknown,
  max: number,
) {
  if (!errors.required(path, value) || !errors.string(path, value)) return;
  errors.maxLength(path, value, max);
}
