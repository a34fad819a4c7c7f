// Team endpoints (the platform's API reference, "Endpoints › Teams").
import { encodePathSegment, type PlatformCredential, type PlatformHttp } from "./http.js";
import {
  teamInvitationResultSchema,
  teamSchema,
  type Team,
  type TeamCreateInput,
  type TeamInvitationResult,
  type TeamInviteInput,
} from "./schemas/team.js";

/** POST /teams → the new team, owned by the caller. */
export function createTeam(
  http: PlatformHttp,
  credential: PlatformCredential,
  input: TeamCreateInput,
): Promise<Team> {
  const body = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  return http.send({
    repeatableAfter401: true,
    credential,
    method: "POST",
    path: "/teams",
    body,
    schema: teamSchema,
  });
}

/** POST /teams/{id}/invite → `{success, invitation}`: the `pending` invitation, and whether the platform sent it. */
export function inviteToTeam(
  http: PlatformHttp,
  credential: PlatformCredential,
  teamId: string,
  invite: TeamInviteInput,
): Promise<TeamInvitationResult> {
  return http.send({
    repeatableAfter401: true,
    credential,
    method: "POST",
    path: `/teams/${encodePathSegment(teamId)}/invite`,
    body: { username: invite.username, role: invite.role },
    schema: teamInvitationResultSchema,
  });
}
