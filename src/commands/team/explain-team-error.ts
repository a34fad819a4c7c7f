import { PlatformError } from "../../api/index.js";
import { withRequestId } from "../../discord/describe-platform-error.js";
import { UserFacingError } from "../../discord/user-facing-error.js";

/**
 * What a platform status means for this team action, when it means more than the generic text of
 * describePlatformError; undefined leaves the error to the dispatcher. The platform's own text is never shown.
 */
export function explainTeamError(
  error: unknown,
  meanings: Readonly<Partial<Record<number, string>>>,
): UserFacingError | undefined {
  if (!(error instanceof PlatformError)) return undefined;
  const meaning = meanings[error.status];
  if (meaning === undefined) return undefined;
  return new UserFacingError(`team_${error.status}`, withRequestId(meaning, error.requestId));
}
