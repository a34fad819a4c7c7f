/** The member of a numeric enum (discord-api-types') that `value` is, or undefined for any other value. */
export function readEnumMember<E extends Record<string, string | number>>(
  enumObject: E,
  value: unknown,
): Extract<E[keyof E], number> | undefined {
  return Object.values(enumObject).find(
    (member): member is Extract<E[keyof E], number> => typeof member === "number" && member === value,
  );
}
