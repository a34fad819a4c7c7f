// Building blocks of the event data schemas. Only what routing needs is required (a battle's id, a user's
// id); a display field of the wrong type is dropped rather than dead-lettering the whole event, since an
// announcement without a problem title is better than none (docs/architecture.md, "Webhooks in" step 2).
import { z } from "zod";
import { readTimestamp } from "./timestamps.js";

/**
 * An identifier: a non-empty string, or a number the platform sent instead (kept as its text). A NUL, which
 * PostgreSQL refuses in text, and lengths no platform id has are refused here, so a required id makes the
 * event malformed (kept as dead) rather than failing the delivery at every retry.
 */
export const idSchema = z
  .union([
    z
      .string()
      .min(1)
      .max(200)
      .regex(/^[^\0]+$/, "has a NUL character"),
    z.number(),
  ])
  .transform((value) => String(value));

export const optionalId = idSchema.optional().catch(undefined);

/**
 * The most characters of one display text an event keeps: what Discord shows of the longest text the bot posts
 * (an embed's description); a longer one is cut, so a verified body cannot make the inbox keep a 250 KiB title
 * for a week.
 */
export const maxDisplayTextLength = 4096;

/**
 * Display text as every store can keep it: PostgreSQL's text refuses a NUL, which a reader never sees anyway,
 * so it is dropped rather than failing the delivery at every retry (a tier, a username, a title); past
 * maxDisplayTextLength it is cut, never inside a character.
 */
export const storableString = z.string().transform((text) => {
  const kept = text.includes("\0") ? text.replaceAll("\0", "") : text;
  if (kept.length <= maxDisplayTextLength) return kept;
  // A UTF-16 pair is one character: cut before its first half rather than between its halves.
  const end = /[\uD800-\uDBFF]/.test(kept.charAt(maxDisplayTextLength - 1))
    ? maxDisplayTextLength - 1
    : maxDisplayTextLength;
  return kept.slice(0, end);
});

export const optionalText = storableString.optional().catch(undefined);

export const optionalNumber = z.number().optional().catch(undefined);

/**
 * The largest rating, either way, any reading of the platform's keeps (its answers are read leniently:
 * docs/platform-assumptions.md): within PostgreSQL's 32-bit integer columns, far past any real rating.
 */
export const ratingMagnitudeLimit = 1_000_000_000;

/**
 * A rating, read as a whole number (the stores keep ratings in integer columns); one outside any rating's
 * range is dropped like any unreadable display field.
 */
export const optionalRating = z
  .number()
  .transform((value) => Math.round(value))
  .refine((value) => Math.abs(value) <= ratingMagnitudeLimit)
  .optional()
  .catch(undefined);

export const optionalFlag = z.boolean().optional().catch(undefined);

/** A timestamp (ISO 8601 text, or epoch seconds or milliseconds) as ms since the epoch. */
export const optionalTimestamp = z.unknown().optional().transform(readTimestamp);

/** Free text the platform may send as a number (a prize of 100). */
export const optionalLabel = z
  .union([storableString, z.number().transform((value) => String(value))])
  .optional()
  .catch(undefined);

/**
 * A list whose unreadable items are skipped; anything but an array reads as empty. The item's schema runs
 * inside a transform, where compiling the list's schema cannot reach it, so it is compiled itself, on first use
 * (src/events/compiled-schemas.ts says why and what stays zod's).
 */
export function tolerantList<T>(item: z.ZodType<T>) {
  let compiled: z.ZodType<T> | undefined;
  return z
    .unknown()
    .optional()
    .transform((value): T[] => {
      if (!Array.isArray(value)) return [];
      compiled ??= z.compile(item);
      const items: T[] = [];
      for (const entry of value as unknown[]) {
        const parsed = compiled.safeParse(entry);
        if (parsed.success) items.push(parsed.data);
      }
      return items;
    });
}

export const optionalTextList = tolerantList(storableString);

/** A platform user as events name them. The email the spec includes is deliberately not kept. */
export interface UserRef {
  readonly id: string;
  readonly username: string | undefined;
}

/**
 * `{ id, username }`, or a bare user id (the older payload form lists participants that way); the object first,
 * as the participants' union has it (battle-summary.ts).
 */
export const userRefSchema: z.ZodType<UserRef> = z.union([
  z
    .object({ id: idSchema, username: optionalText })
    .transform((user): UserRef => ({ id: user.id, username: user.username })),
  idSchema.transform((id): UserRef => ({ id, username: undefined })),
]);

export const optionalUserRef = userRefSchema.optional().catch(undefined);

/**
 * The user an event is about: `user`, else `user_id`, else the data's own `id` (user events name the user
 * with `object: "user", id`). Reports a missing user, which makes the event malformed.
 */
export function pickUser(
  context: z.RefinementCtx,
  candidates: { user: UserRef | undefined; userId: string | undefined; id: string | undefined },
): UserRef | undefined {
  if (candidates.user !== undefined) return candidates.user;
  const id = candidates.userId ?? candidates.id;
  if (id !== undefined) return { id, username: undefined };
  context.addIssue({ code: "custom", path: ["user"], message: "missing (also accepted as user_id or id)" });
  return undefined;
}

/** The first present id, or a "missing" issue under the first name. */
export function pickId(
  context: z.RefinementCtx,
  candidates: Readonly<Record<string, string | undefined>>,
): string | undefined {
  for (const value of Object.values(candidates)) if (value !== undefined) return value;
  const [primary = "id", ...others] = Object.keys(candidates);
  const also = others.length > 0 ? ` (also accepted as ${others.join(" or ")})` : "";
  context.addIssue({ code: "custom", path: [primary], message: `missing${also}` });
  return undefined;
}

/** `{ id }` of a nested reference such as `tournament` or `team`, tolerant of anything else. */
export const optionalRefId = z
  .object({ id: optionalId })
  .optional()
  .catch(undefined)
  .transform((ref) => ref?.id);
