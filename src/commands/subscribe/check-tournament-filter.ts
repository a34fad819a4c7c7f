// Whether `/subscribe tournament:<id>` names a tournament (docs/architecture.md, "Routing"): a filter on an id no
// tournament has holds back every event that has a tournament, so a typo would silence the channel. The
// platform is asked with the admin's own link; when it cannot be, the id must at least have the form the
// platform writes ids in (docs/platform-assumptions.md, "Ids"), and the answer says it was not checked.
import { platformIdPattern } from "../../api/assumptions.js";
import { getTournamentLeaderboard, PlatformError } from "../../api/index.js";
import { plainCode } from "../../display/platform-text.js";
import { UserFacingError } from "../../discord/user-facing-error.js";
import type { ServerActor } from "../../discord/interaction-handlers.js";
import { getMemberSession, type MemberSession } from "../../linking/member-credential.js";
import type { BotDependencies } from "../bot-dependencies.js";

const pickInstead = "Pick one from the list, or `any` to remove the filter; nothing was changed.";

/** Undefined when the platform knows the tournament; else a line saying it could not be checked. Throws when it is surely wrong. */
export async function checkTournamentFilter(
  deps: BotDependencies,
  actor: ServerActor,
  tournamentId: string,
): Promise<string | undefined> {
  const session = await readSession(deps, actor);
  const why = typeof session === "string" ? session : await askPlatform(deps, session, tournamentId);
  if (why === undefined) return undefined;
  if (!platformIdPattern.test(tournamentId)) {
    throw new UserFacingError(
      "invalid_tournament",
      `${plainCode(tournamentId)} is not a tournament id: the platform's ids are a word, an underscore and ` +
        `the rest, such as \`trn_8f3a…\`. ${pickInstead}`,
    );
  }
  return (
    `The tournament ${plainCode(tournamentId)} could not be checked (${why}): if no tournament has that id, ` +
    "this channel gets no event that has a tournament."
  );
}

async function readSession(deps: BotDependencies, actor: ServerActor): Promise<MemberSession | string> {
  try {
    return await getMemberSession(deps, { guildId: actor.guildId, userId: actor.userId });
  } catch (error) {
    if (error instanceof UserFacingError && error.code === "not_linked")
      return "you have no platform account linked in this server: `/link`";
    if (error instanceof UserFacingError && error.code === "reauth_needed")
      return "your platform link needs renewing: `/link`";
    deps.logger.warn({ err: error }, "could not read the admin's link to check a tournament filter");
    return "your platform link could not be used just now";
  }
}

/** Undefined when the tournament exists; a reason when the platform could not say. */
async function askPlatform(
  deps: BotDependencies,
  session: MemberSession,
  tournamentId: string,
): Promise<string | undefined> {
  try {
    await getTournamentLeaderboard(deps.platform, session.credential, tournamentId);
    return undefined;
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404) {
      throw new UserFacingError(
        "unknown_tournament",
        `The platform has no tournament ${plainCode(tournamentId)}. ${pickInstead}`,
      );
    }
    deps.logger.warn({ err: error, tournamentId }, "could not check a tournament filter");
    return "asking the platform failed";
  }
}
