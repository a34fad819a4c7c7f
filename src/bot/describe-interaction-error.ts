// The dispatcher's known errors (docs/conventions.md, habit 4): the platform's, a database that cannot write
// (a refresh held back for it too), and a Discord rate limit longer than the bot's clients sit out
// (src/discord/bot-rest-options.ts), each a short ephemeral reply instead of "Something went wrong" with a
// reference.
import { RateLimitError } from "@discordjs/rest";
import { databaseUnavailableError } from "../discord/database-unavailable.js";
import { describePlatformError } from "../discord/describe-platform-error.js";
import { UserFacingError } from "../discord/user-facing-error.js";
import { discordTimestamp } from "../display/discord-timestamp.js";
import { isDatabaseUnavailable } from "../linking/link-errors.js";

export function describeInteractionError(error: unknown, now: number): UserFacingError | undefined {
  const platform = describePlatformError(error, now);
  if (platform !== undefined) return platform;
  if (error instanceof RateLimitError) {
    const retryAt = Math.ceil((now + error.retryAfter) / 1000) * 1000;
    return new UserFacingError(
      "discord_rate_limited",
      `Discord is limiting how fast the bot may act right now. Try again ${discordTimestamp(retryAt, "R")}.`,
    );
  }
  return isDatabaseUnavailable(error) ? databaseUnavailableError() : undefined;
}
