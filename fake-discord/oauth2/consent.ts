import { ApplicationIntegrationType, OAuth2Scopes } from "discord.js";
import type { FakeDiscordState } from "../fake-discord-state.js";
import { buildRedirect, readAuthorizationRequest } from "./authorize-request.js";
import { AuthorizeRequestError, OAuth2Error } from "./oauth2-error.js";

export type AuthorizeQuery = Readonly<Record<string, string | undefined>>;

/**
 * The user clicked Authorize: a code for the redirect URI, with `state` echoed (docs: Topics, OAuth2 —
 * Authorization Code Grant). With `integration_type=1` and `applications.commands` the app is also added
 * to the user's account, so its user-install commands reach them (docs: Application, Installation Context).
 */
export function approveAuthorization(state: FakeDiscordState, query: AuthorizeQuery, userId: string): string {
  const request = readAuthorizationRequest(query, {
    id: state.applicationId,
    redirectUris: state.oauth2.redirectUris,
  });
  const user = state.world.users.get(userId);
  if (user === undefined || user.bot) throw new AuthorizeRequestError("Sign in as a user of the fake world");
  if (
    request.integrationType === ApplicationIntegrationType.UserInstall &&
    request.scopes.includes(OAuth2Scopes.ApplicationsCommands)
  ) {
    state.oauth2.userInstalls.add(userId);
  }
  return buildRedirect(request.redirectUri, request, { code: state.oauth2.issueCode(request, userId) });
}

/** The user clicked Cancel: `error=access_denied` and `state` go back to the redirect URI. */
export function denyAuthorization(state: FakeDiscordState, query: AuthorizeQuery): string {
  const request = readAuthorizationRequest(query, {
    id: state.applicationId,
    redirectUris: state.oauth2.redirectUris,
  });
  const denial = new OAuth2Error(
    "access_denied",
    "The resource owner or authorization server denied the request",
  );
  return buildRedirect(request.redirectUri, request, denial);
}
