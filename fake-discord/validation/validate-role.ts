import { DiscordHttpError } from "../discord-errors.js";
import type { RoleChanges } from "../world/guild-roles.js";
import { FieldErrorCollector, isRecord } from "./field-checks.js";

/**
 * Reads the body of Create Guild Role or Modify Guild Role (docs: Resources, Guild), which Discord's
 * OpenAPI spec has already checked (spec-bodies.ts): every field is optional and null reads as absent.
 */
export function readRoleBody(body: unknown): RoleChanges {
  const changes: RoleChanges = {};
  if (!isRecord(body)) return changes;
  const { name, color, hoist, mentionable, permissions } = body;
  if (typeof name === "string") changes.name = name;
  if (typeof color === "number") changes.color = color;
  if (typeof hoist === "boolean") changes.hoist = hoist;
  if (typeof mentionable === "boolean") changes.mentionable = mentionable;
  if (typeof permissions === "string" || typeof permissions === "number")
    changes.permissions = BigInt(permissions);
  return changes;
}

/** One entry of Modify Guild Role Positions. */
export interface RolePosition {
  id: string;
  position: number | null;
}

/**
 * Reads the body of Modify Guild Role Positions, a list of `{ id, position }` the spec has checked; it
 * lets `id` be left out, which Discord refuses.
 */
export function readRolePositions(body: unknown): RolePosition[] {
  const errors = new FieldErrorCollector();
  const entries = (Array.isArray(body) ? body : []).filter(isRecord).map((entry, index) => {
    errors.required([index, "id"], entry.id);
    return { id: String(entry.id), position: typeof entry.position === "number" ? entry.position : null };
  });
  if (errors.errors.length > 0) throw new DiscordHttpError("invalidFormBody", errors.errors);
  return entries;
}
