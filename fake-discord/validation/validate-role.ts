import { DiscordHttpError } from "../discord-errors.js";
import type { RoleChanges } from "../world/guild-roles.js";
import { FieldErrorCollector, isRecord, type FieldPath } from "./field-checks.js";
import { discordLimits as limits } from "./discord-limits.js";

/** The largest colour a role takes: 0xFFFFFF. */
const maxColor = 0xff_ff_ff;

/**
 * Reads the body of Create Guild Role or Modify Guild Role (docs: Resources, Guild): every field is
 * optional and null reads as absent. A field of the wrong type or past its limit throws Discord's 400
 * 50035 with the field's path.
 */
export function readRoleBody(body: unknown): RoleChanges {
  const errors = new FieldErrorCollector();
  if (!isRecord(body)) {
    errors.add([], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
    throw new DiscordHttpError("invalidFormBody", errors.errors);
  }
  const changes: RoleChanges = {};
  const { name, color, hoist, mentionable, permissions } = body;
  if (name !== undefined && name !== null && errors.string(["name"], name)) {
    errors.maxLength(["name"], name, limits.roleName);
    if (typeof name === "string") changes.name = name;
  }
  if (color !== undefined && color !== null) {
    const value = readColor(errors, color);
    if (value !== undefined) changes.color = value;
  }
  for (const [key, value] of [
    ["hoist", hoist],
    ["mentionable", mentionable],
  ] as const) {
    if (value === undefined || value === null) continue;
    if (typeof value === "boolean") changes[key] = value;
    else errors.add([key], "BOOLEAN_TYPE_CONVERT", "Must be either true or false.");
  }
  if (permissions !== undefined && permissions !== null) {
    const value = readPermissions(permissions);
    if (value === undefined) errors.add(["permissions"], ...notInteger(permissions));
    else changes.permissions = value;
  }
  if (errors.errors.length > 0) throw new DiscordHttpError("invalidFormBody", errors.errors);
  return changes;
}

/** One entry of Modify Guild Role Positions. */
export interface RolePosition {
  id: string;
  position: number | null;
}

/** Reads the body of Modify Guild Role Positions: a list of `{ id, position }`. */
export function readRolePositions(body: unknown): RolePosition[] {
  const errors = new FieldErrorCollector();
  if (!Array.isArray(body)) {
    errors.add([], "LIST_TYPE_CONVERT", "Must be an array.");
    throw new DiscordHttpError("invalidFormBody", errors.errors);
  }
  const entries: RolePosition[] = [];
  body.forEach((entry: unknown, index) => {
    if (!isRecord(entry)) {
      errors.add([index], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
      return;
    }
    const id = typeof entry.id === "string" || typeof entry.id === "number" ? String(entry.id) : "";
    if (!/^\d{1,20}$/.test(id)) {
      const shown = typeof entry.id === "string" ? entry.id : JSON.stringify(entry.id);
      errors.add([index, "id"], "NUMBER_TYPE_COERCE", `Value "${shown}" is not snowflake.`);
    }
    const position = entry.position ?? null;
    if (position !== null && !Number.isInteger(position))
      errors.add([index, "position"], ...notInteger(position));
    entries.push({ id, position: position as number | null });
  });
  if (errors.errors.length > 0) throw new DiscordHttpError("invalidFormBody", errors.errors);
  return entries;
}

function readColor(errors: FieldErrorCollector, value: unknown): number | undefined {
  const path: FieldPath = ["color"];
  if (typeof value !== "number" || !Number.isInteger(value)) {
    errors.add(path, ...notInteger(value));
    return undefined;
  }
  if (value < 0) errors.add(path, "NUMBER_TYPE_MIN", "int value should be greater than or equal to 0.");
  else if (value > maxColor)
    errors.add(path, "NUMBER_TYPE_MAX", `int value should be less than or equal to ${maxColor}.`);
  else return value;
  return undefined;
}

/** A permission bit set: Discord sends it as a string of digits, and takes an integer too. */
function readPermissions(value: unknown): bigint | undefined {
  if (typeof value === "string" && /^\d{1,20}$/.test(value)) return BigInt(value);
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  return undefined;
}

function notInteger(value: unknown): [string, string] {
  const shown = typeof value === "string" ? value : JSON.stringify(value);
  return ["NUMBER_TYPE_COERCE", `Value "${shown}" is not int.`];
}
