import { PlatformError, registerForTournament } from "../../api/index.js";
import type { BotDependencies } from "../bot-dependencies.js";
import type { Actor } from "../../discord/interaction-handlers.js";
import type { Reply } from "../../discord/interaction-responder.js";
import { UserFacingError } from "../../discord/user-facing-error.js";
import { getMemberSession } from "../../linking/member-credential.js";
import { renderRegistration } from "./render-registration.js";

/** 409 on registration means already registered, full, or no longer open; the platform does not say which. */
function describeRegistrationConflict(error: unknown): UserFacingError | undefined {
  if (!(error instanceof PlatformError) || error.status !== 409) return undefined;
  const requestId = error.requestId === undefined ? "" : `\n-# Request id: \`${error.requestId}\``;
  return new UserFacingError(
    "registration_conflict",
    "You're already registered for this tournament, or it is no longer taking registrations (full or started)." +
      requestId,
  );
}

/** Registers the member as themselves (their own credential), for the slash command and the list's buttons. */
export async function registerMember(
  deps: BotDependencies,
  actor: Actor,
  tournamentId: string,
): Promise<Reply> {
  const { credential } = await getMemberSession(deps, actor);
  const registration = await registerForTournament(deps.platform, credential, tournamentId).catch(
    (error: unknown) => {
      throw describeRegistrationConflict(error) ?? error;
    },
  );
  return renderRegistration(registration, tournamentId);
}
