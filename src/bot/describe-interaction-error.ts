// The dispatcher's known errors (docs/conventions.md, habit 4): the platform's, and a database that cannot
// write, each a short ephemeral reply instead of "Something went wrong" with a reference.
import { databaseUnavailableError } from "../discord/database-unavailable.js";
import { describePlatformError } from "../discord/describe-platform-error.js";
import type { UserFacingError } from "../discord/user-facing-error.js";
import { classifyWriteFault } from "../store/write-fault.js";

export function describeInteractionError(error: unknown, now: number): UserFacingError | undefined {
  const platform = describePlatformError(error, now);
  if (platform !== undefined) return platform;
  return classifyWriteFault(error) === undefined ? undefined : databaseUnavailableError();
}
