// Teams: the creator owns the team and is its first member. The owner and members with role `admin`
// may invite; the invitee accepts through `POST /sandbox/invitations/{id}/accept` (the spec has no
// acceptance endpoint), which emits `team.member_joined`.
import { conflict, forbidden } from "../errors.js";
import { newId } from "../ids.js";
import type { Invitation, Team, User } from "../state.js";
import { memberJoinedData, teamCreatedData } from "../webhooks/event-data.js";
import type { CoreDeps, EventCause } from "./deps.js";
import { requireTeam } from "./lookups.js";

export const teamRoles = ["member", "admin"] as const;

export interface NewTeam {
  name: string;
  description: string;
  isPublic: boolean;
  maxMembers: number;
}

export function createTeam(deps: CoreDeps, cause: EventCause, owner: User, input: NewTeam): Team {
  const taken = [...deps.state.teams.values()].some(
    (team) => team.name.toLowerCase() === input.name.toLowerCase(),
  );
  if (taken) throw conflict(`a team named ${input.name} already exists`);
  const now = deps.clock.now();
  const team: Team = {
    id: newId("team"),
    ...input,
    ownerId: owner.id,
    createdAt: now,
    members: new Map([[owner.id, { role: "owner", joinedAt: now }]]),
  };
  deps.state.teams.set(team.id, team);
  deps.publish("team.created", teamCreatedData(deps.state, team), cause);
  return team;
}

export function inviteToTeam(
  deps: CoreDeps,
  team: Team,
  inviter: User,
  invitee: User,
  role: string,
): Invitation {
  const inviterRole = team.members.get(inviter.id)?.role;
  if (inviterRole !== "owner" && inviterRole !== "admin")
    throw forbidden("only the team's owner or admins can invite");
  if (team.members.has(invitee.id)) throw conflict(`${invitee.username} is already a member`);
  const pending = [...deps.state.invitations.values()].some(
    (invitation) =>
      invitation.teamId === team.id && invitation.inviteeId === invitee.id && invitation.status === "pending",
  );
  if (pending) throw conflict(`${invitee.username} already has a pending invitation`);
  if (team.members.size >= team.maxMembers) throw conflict("the team is full");
  const invitation: Invitation = {
    id: newId("inv"),
    teamId: team.id,
    inviteeId: invitee.id,
    inviterId: inviter.id,
    role,
    status: "pending",
    sentAt: deps.clock.now(),
  };
  deps.state.invitations.set(invitation.id, invitation);
  return invitation;
}

export function acceptInvitation(deps: CoreDeps, cause: EventCause, invitation: Invitation): Team {
  if (invitation.status !== "pending") throw conflict("the invitation was already accepted");
  const team = requireTeam(deps.state, invitation.teamId);
  if (team.members.size >= team.maxMembers) throw conflict("the team is full");
  invitation.status = "accepted";
  team.members.set(invitation.inviteeId, { role: invitation.role, joinedAt: deps.clock.now() });
  deps.publish("team.member_joined", memberJoinedData(deps.state, team, invitation.inviteeId), cause);
  return team;
}
