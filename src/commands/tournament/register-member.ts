import { registerForTournament } from "../../api/index.js";
import type { BotDependencies } from "../bot-dependencies.js";
import type { ServerActor } from "../../discord/interaction-handlers.js";
import type { Reply } from "../../discord/interaction-responder.js";
import { getMemberSession } from "../../linking/member-credential.js";
import { explainRegistrationConflict } from "./explain-registration-conflict.js";
import { findTournament } from "./find-tournament.js";
import { renderRegistration } from "./render-registration.js";

/** Registers the member as themselves (their own credential), for the slash command and the list's buttons. */
export async function registerMember(
  deps: BotDependencies,
  actor: ServerActor,
  tournamentId: string,
): Promise<Reply> {
  const { credential } = await getMemberSession(deps, actor);
  const registration = await registerForTournament(deps.platform, credential, tournamentId).catch(
    async (error: unknown) => {
      throw (await explainRegistrationConflict(deps.platform, credential, tournamentId, error)) ?? error;
    },
  );
  // Shape B's answer names no tournament: the list, read by status within a bound, does
  // (docs/platform-assumptions.md, "Query parameters").
  const title =
    registration.tournamentTitle ??
    (registration.registered
      ? (await findTournament(deps.platform, credential, tournamentId))?.title
      : undefined);
  return renderRegistration({ ...registration, tournamentTitle: title }, tournamentId);
}
