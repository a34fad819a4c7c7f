// The first step of the Linked Roles verification URL (docs/architecture.md, "Linked Roles"): a fresh state
// and PKCE verifier, bound to a fresh browser key, and Discord's authorize URL to send the browser to.
import { randomBytes } from "node:crypto";
import { createAuthorizationRequest } from "../oauth/authorization-request.js";
import { createLinkedRoleState } from "../store/linked-role-states.js";
import { type LinkingDeps, oauthStateLifetimeMs } from "./linking-deps.js";
import {
  discordApiBase,
  type LinkedRolesSettings,
  linkedRolesRedirectUri,
  linkedRolesScopes,
} from "./linked-roles-settings.js";

export interface StartedLinkedRoles {
  readonly authorizeUrl: string;
  /** The browser's cookie: always a fresh key, never one it already held (a planted cookie is never one). */
  readonly browserKey: string;
  readonly expiresAt: number;
}

export async function startLinkedRoles(
  deps: Pick<LinkingDeps, "db" | "secretBox" | "clock" | "config">,
  settings: LinkedRolesSettings,
): Promise<StartedLinkedRoles> {
  const request = await createAuthorizationRequest({
    authUrl: discordApiBase(settings),
    authorizePath: "/oauth2/authorize",
    clientId: settings.clientId,
    redirectUri: linkedRolesRedirectUri(deps.config.http.publicUrl),
    scopes: linkedRolesScopes,
  });
  const browserKey = randomBytes(32).toString("base64url");
  const now = deps.clock.now();
  const expiresAt = now + oauthStateLifetimeMs;
  await createLinkedRoleState(deps.db, deps.secretBox, {
    state: request.state,
    browserKey,
    codeVerifier: request.codeVerifier,
    expiresAt,
    now,
  });
  return { authorizeUrl: request.url, browserKey, expiresAt };
}
