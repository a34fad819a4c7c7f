import { plainCode, plainText } from "../../display/platform-text.js";
import type { TeamInvitation } from "../../api/index.js";
import type { Reply } from "../../discord/interaction-responder.js";
import type { Invitee } from "./resolve-invitee.js";
import { discordTimestamp } from "../../display/discord-timestamp.js";

/** The answer to `/team invite`; the mention of a member is shown, never pinged (no allowed_mentions). */
export function renderInvitation(invitation: TeamInvitation, invitee: Invitee): Reply {
  const username = `**${plainText(invitee.username)}**`;
  const who =
    invitee.memberId === undefined ? username : `<@${invitee.memberId}> (platform user ${username})`;
  const role = invitation.role === undefined ? "" : ` as ${plainText(invitation.role)}`;
  const details = [
    `Invitation ${plainCode(invitation.id)}`,
    plainText(invitation.status),
    invitation.sentAt === undefined
      ? undefined
      : `sent ${discordTimestamp(Date.parse(invitation.sentAt), "R")}`,
  ].filter((part) => part !== undefined);
  return {
    content: `Invited ${who} to team ${plainCode(invitation.teamId)}${role}. They join once they accept it on the platform.\n-# ${details.join(" · ")}`,
    ephemeral: true,
  };
}
