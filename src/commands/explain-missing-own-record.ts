import { PlatformError } from "../api/index.js";
import { withRequestId } from "../discord/describe-platform-error.js";
import { UserFacingError } from "../discord/user-facing-error.js";

/** GET or PUT /users/me answered 404: the account behind the member's credential is gone. */
export const ownAccountMissing =
  "The platform found no account for the credential you linked here: it may have been deleted. " +
  "Run `/link` to link the account you use now.";

/**
 * A 404 to a read of the member's own record (GET /users/me, its statistics, its rank) names no id the member
 * typed, so describePlatformError's "Check the id" would send them looking for one: it is told as `meaning`,
 * with the platform's request id. Any other error is left to the dispatcher.
 */
export function explainMissingOwnRecord(meaning: string): (error: unknown) => never {
  return (error) => {
    if (error instanceof PlatformError && error.status === 404) {
      throw new UserFacingError("own_record_not_found", withRequestId(meaning, error.requestId));
    }
    throw error;
  };
}
