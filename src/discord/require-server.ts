import type { Actor } from "./interaction-handlers.js";
import { UserFacingError } from "./user-facing-error.js";

/**
 * The plain answer to a server-only command or subcommand used in a DM (docs/architecture.md, "Outside a
 * server").
 */
export function needsServerError(): UserFacingError {
  return new UserFacingError(
    "needs_server",
    "This needs a server: run it in a server where the bot is installed.",
  );
}

/** The actor's server; a server-only step reached from a DM (stale command data, a button) is refused. */
export function requireServer(actor: Actor): string {
  if (actor.guildId === undefined) throw needsServerError();
  return actor.guildId;
}
