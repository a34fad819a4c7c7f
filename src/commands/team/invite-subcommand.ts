import { plainCode, plainText } from "../../display/platform-text.js";
import { inviteToTeam } from "../../api/index.js";
import type { BotDependencies } from "../bot-dependencies.js";
import type { ServerActor } from "../../discord/interaction-handlers.js";
import type { Reply } from "../../discord/interaction-responder.js";
import { UserFacingError } from "../../discord/user-facing-error.js";
import { getMemberSession } from "../../linking/member-credential.js";
import { findRecordedTeam } from "../../store/member-teams.js";
import { readTypedId } from "../read-typed-id.js";
import { explainTeamError } from "./explain-team-error.js";
import { renderInvitation, renderInvitationNotice } from "./render-invitation.js";
import { chooseInvitee, resolveInvitee, type Invitee } from "./resolve-invitee.js";
import type { TeamOptions } from "./team-arguments.js";

/**
 * The invitee as the answers show them: a linked member who has left the server is named by their platform
 * username only, neither pinged nor said to be told here, as the leaderboard and digest leave them out. A
 * look-up that fails says nothing of them: they are shown as before.
 */
async function stillHere(deps: BotDependencies, guildId: string, invitee: Invitee): Promise<Invitee> {
  if (invitee.memberId === undefined) return invitee;
  const here = await deps.memberPresence.isStillMember(guildId, invitee.memberId).catch(() => true);
  return here ? invitee : { username: invitee.username, memberId: undefined };
}

/**
 * `/team invite team member-or-username [role]` → POST /teams/{id}/invite as the inviting member: the
 * inviter's private answer, and the public notice for an invited member of this server.
 */
export async function runTeamInvite(
  deps: BotDependencies,
  actor: ServerActor,
  options: TeamOptions<"invite">,
): Promise<{ readonly reply: Reply; readonly notice: Reply | undefined }> {
  const teamId = readTypedId(options.team, "team");
  const choice = chooseInvitee(options);
  const { credential } = await getMemberSession(deps, actor);
  const invitee = await resolveInvitee(deps.db, actor.guildId, choice);
  const name = `**${plainText(invitee.username)}**`;
  const { success, invitation } = await inviteToTeam(deps.platform, credential, teamId, {
    username: invitee.username,
    role: options.role ?? "member",
  }).catch((error: unknown) => {
    throw (
      explainTeamError(error, {
        403: "The platform didn't let you invite to this team: only its owner or admins can invite, and your linked credential needs write access.",
        // The team id may be typed by hand: shown as code that no backtick in it can end early.
        404: `The platform has no team ${plainCode(teamId)}, or no user named ${name}. Check both and try again.`,
        409: `${name} is already in this team or already invited, or the team is full.`,
      }) ?? error
    );
  });
  if (!success) {
    throw new UserFacingError(
      "invitation_not_confirmed",
      `The platform did not confirm the invitation of ${name} to team ${plainCode(teamId)}. Please try again.`,
    );
  }
  const team = await findRecordedTeam(deps.db, { guildId: actor.guildId, teamId: invitation.teamId });
  const told = await stillHere(deps, actor.guildId, invitee);
  const invited = {
    invitation,
    invitee: told,
    teamName: team?.name,
    teamIsPublic: team?.isPublic,
    inviterId: actor.userId,
  };
  return { reply: renderInvitation(invited), notice: renderInvitationNotice(invited) };
}
