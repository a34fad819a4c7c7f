import { UserFacingError } from "../discord/user-facing-error.js";

/**
 * A battle's, team's or tournament's id from a string option, which a member may type or paste rather than pick from
 * the suggestions: Discord sends it as typed, spaces around it included, and no platform id has any, so they
 * are dropped before it names anything to the platform.
 */
export function readTypedId(typed: string, kind: "battle" | "team" | "tournament"): string {
  const id = typed.trim();
  if (id === "")
    throw new UserFacingError(`missing_${kind}_id`, `Type a ${kind} id, or pick one from the list.`);
  return id;
}
