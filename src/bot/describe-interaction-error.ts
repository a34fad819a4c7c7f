// The dispatcher's known errors (docs/conventions.md, habit 4): the platform's, and a database that cannot
// write (a refresh held back for it too), each a short ephemeral reply instead of "Something went wrong" with
// a reference.
import { databaseUnavailableError } from "../discord/database-unavailable.js";
import { describePlatformError } from "../discord/describe-platform-error.js";
import type { UserFacingError } from "../discord/user-facing-error.js";
import { isDatabaseUnavailable } from "../linking/link-errors.js";

export function describeInteractionError(error: unknown, now: number): UserFacingError | undefined {
  const platform = describePlatformError(error, now);
  if (platform !== undefined) return platform;
  return isDatabaseUnavailable(error) ? databaseUnavailableError() : undefined;
}
