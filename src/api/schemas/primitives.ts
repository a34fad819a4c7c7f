import { z } from "zod";
import { asUtcText, parseUtcTime } from "../../clock.js";

/**
 * `timestamp` in the platform's API reference: an ISO 8601 UTC string. Kept as text, checked to be parseable,
 * with `Z` added when it names no offset (asUtcText), so every later `Date.parse` of it reads UTC.
 */
export const timestampSchema = z
  .string()
  .refine((value) => !Number.isNaN(parseUtcTime(value)), { message: "should be a timestamp" })
  .transform(asUtcText);

/** Integers in the spec; not enforced as integers so a platform sending 12.0 or 12.5 is not rejected. */
export const numberSchema = z.number();

/** An optional field that some answers send as null. */
export function optional<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value) => value ?? undefined);
}

/**
 * Returns the first present value of a field the two spec shapes name differently (e.g. `title` in
 * shape A, `name` in shape B), or reports it missing under the shape-A name.
 */
export function pickAlias<T>(
  context: z.RefinementCtx,
  candidates: Readonly<Record<string, T | undefined>>,
): T | undefined {
  const names = Object.keys(candidates);
  for (const name of names) {
    const value = candidates[name];
    if (value !== undefined) return value;
  }
  const [primary = "field", ...others] = names;
  context.addIssue({
    code: "custom",
    path: [primary],
    message: `missing${others.length > 0 ? ` (also accepted as ${others.join(" or ")})` : ""}`,
  });
  return undefined;
}

/** A list the platform may leave out when empty. */
export function listOf<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .nullish()
    .transform((value): z.output<T>[] => value ?? []);
}
