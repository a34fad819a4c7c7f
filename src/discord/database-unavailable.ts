import { UserFacingError } from "./user-facing-error.js";

/**
 * What a member reads while the database cannot write (a full disk, a read-only file, a lock held too long):
 * it is the bot's problem, not theirs, and passes (docs/operations.md, "When SQLite cannot write").
 */
export const databaseUnavailableMessage =
  "The bot can't save anything right now (its database is not accepting changes). Please try again in a few minutes.";

export function databaseUnavailableError(): UserFacingError {
  return new UserFacingError("database_unavailable", databaseUnavailableMessage);
}
