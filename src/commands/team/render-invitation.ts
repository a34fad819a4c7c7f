import { plainCode, plainText } from "../../display/platform-text.js";
import type { TeamInvitation } from "../../api/index.js";
import type { Reply } from "../../discord/interaction-responder.js";
import type { Invitee } from "./resolve-invitee.js";
import { discordTimestamp } from "../../display/discord-timestamp.js";

export interface SentInvitation {
  readonly invitation: TeamInvitation;
  readonly invitee: Invitee;
  /** The team's name, when a member recorded it with /team create here; else the id is shown. */
  readonly teamName: string | undefined;
  /**
   * Whether the team is public, as /team create recorded it here; undefined when unknown (not recorded, or
   * recorded before its visibility was). The channel's notice names a private team to no one ("their team"),
   * one of unknown visibility by its id alone, and only a public one by its name (the inviter's own answer
   * names it in any case).
   */
  readonly teamIsPublic?: boolean | undefined;
  /** The Discord member who invited. */
  readonly inviterId: string;
}

function describeTeam({ invitation, teamName }: SentInvitation): string {
  const name = teamName?.trim();
  return name === undefined || name === ""
    ? `team ${plainCode(invitation.teamId)}`
    : `team **${plainText(name)}** (${plainCode(invitation.teamId)})`;
}

/** The team as the channel may read it (teamIsPublic). */
function describeTeamPublicly(sent: SentInvitation): string {
  if (sent.teamIsPublic === false) return "their team";
  return sent.teamIsPublic === true ? describeTeam(sent) : `team ${plainCode(sent.invitation.teamId)}`;
}

function describeRole({ invitation }: SentInvitation): string {
  return invitation.role === undefined ? "" : ` as ${plainText(invitation.role)}`;
}

/** The answer to `/team invite`, for the inviter only; the mention of a member is shown, never pinged. */
export function renderInvitation(sent: SentInvitation): Reply {
  const { invitation, invitee } = sent;
  const username = `**${plainText(invitee.username)}**`;
  const who =
    invitee.memberId === undefined ? username : `<@${invitee.memberId}> (platform user ${username})`;
  const details = [
    `Invitation ${plainCode(invitation.id)}`,
    plainText(invitation.status),
    invitation.sentAt === undefined
      ? undefined
      : `sent ${discordTimestamp(Date.parse(invitation.sentAt), "R")}`,
  ].filter((part) => part !== undefined);
  const told = invitee.memberId === undefined ? "" : " I've told them here.";
  return {
    content: `Invited ${who} to ${describeTeam(sent)}${describeRole(sent)}. They join once they accept it on the platform.${told}\n-# ${details.join(" · ")}`,
    ephemeral: true,
  };
}

/**
 * What the channel sees when a member of this server is invited: it pings exactly them (allowed_mentions), so
 * they learn of it without watching the platform. None for a platform username with no member here.
 */
export function renderInvitationNotice(sent: SentInvitation): Reply | undefined {
  const { invitee, inviterId } = sent;
  if (invitee.memberId === undefined) return undefined;
  return {
    content: `<@${invitee.memberId}>, <@${inviterId}> invited you to ${describeTeamPublicly(sent)}${describeRole(sent)}. Accept the invitation on the platform to join.`,
    allowed_mentions: { parse: [], users: [invitee.memberId] },
  };
}
