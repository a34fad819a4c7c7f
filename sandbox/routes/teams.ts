// Teams and invitations (the platform's API reference, Endpoints › Teams). Field bounds are the sandbox's
// own.
import { z } from "zod";
import { toIso } from "../clock.js";
import { findUserByUsername, requireTeam } from "../core/lookups.js";
import { createTeam, inviteToTeam, teamRoles } from "../core/teams.js";
import { notFound } from "../errors.js";
import { defineRoute } from "./define.js";
import { idParams, timestamp, userRef } from "./schemas.js";

const create = defineRoute({
  method: "POST",
  url: "/v1/teams",
  level: "write",
  status: 201,
  body: z.object({
    name: z.string().trim().min(2).max(50),
    description: z.string().max(500).default(""),
    isPublic: z.boolean().default(true),
    maxMembers: z.number().int().min(2).max(50).default(5),
  }),
  response: z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    owner: userRef,
    members: z.number().int(),
    maxMembers: z.number().int(),
    isPublic: z.boolean(),
    createdAt: timestamp,
  }),
  handle: (deps, { body, user, cause }) => {
    const team = createTeam(deps, cause, user, body);
    return {
      ...team,
      owner: { id: user.id, username: user.username },
      members: team.members.size,
      createdAt: toIso(team.createdAt),
    };
  },
});

const invite = defineRoute({
  method: "POST",
  url: "/v1/teams/:id/invite",
  level: "write",
  params: idParams,
  body: z.object({ username: z.string().trim().min(1), role: z.enum(teamRoles).default("member") }),
  response: z.object({
    success: z.boolean(),
    invitation: z.object({
      id: z.string(),
      teamId: z.string(),
      inviteeId: z.string(),
      role: z.string(),
      status: z.string(),
      sentAt: timestamp,
    }),
  }),
  handle: (deps, { params, body, user }) => {
    const team = requireTeam(deps.state, params.id);
    const invitee = findUserByUsername(deps.state, body.username);
    if (invitee === undefined) throw notFound("User", body.username);
    const invitation = inviteToTeam(deps, team, user, invitee, body.role);
    return { success: true, invitation: { ...invitation, sentAt: toIso(invitation.sentAt) } };
  },
});

export const teamRoutes = [create, invite];
