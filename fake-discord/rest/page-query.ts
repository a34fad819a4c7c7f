// The paging parameters of Discord's list routes, refused as Discord refuses them: `400 50035` with the
// field's error at its name (fake-discord/README.md, "The bot's server list" and "Limits and errors").
import type { FieldError } from "../discord-errors.js";

/** A snowflake query parameter, or undefined when left out; a malformed one is added to `errors`. */
export function readSnowflakeParam(
  name: string,
  value: string | undefined,
  errors: FieldError[],
): bigint | undefined {
  if (value === undefined) return undefined;
  if (/^\d{1,20}$/.test(value)) return BigInt(value);
  errors.push({ path: [name], code: "NUMBER_TYPE_COERCE", message: `Value "${value}" is not snowflake.` });
  return undefined;
}

/** `limit` within `[1, max]`, `fallback` when left out; anything else is added to `errors`, never clamped. */
export function readLimitParam(
  value: string | undefined,
  bounds: { max: number; fallback: number },
  errors: FieldError[],
): number {
  if (value === undefined) return bounds.fallback;
  const limit = /^\s*[+-]?\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(limit)) {
    errors.push({ path: ["limit"], code: "NUMBER_TYPE_COERCE", message: `Value "${value}" is not int.` });
  } else if (limit < 1) {
    errors.push({
      path: ["limit"],
      code: "NUMBER_TYPE_MIN",
      message: "int value should be greater than or equal to 1.",
    });
  } else if (limit > bounds.max) {
    errors.push({
      path: ["limit"],
      code: "NUMBER_TYPE_MAX",
      message: `int value should be less than or equal to ${String(bounds.max)}.`,
    });
  }
  return limit;
}
