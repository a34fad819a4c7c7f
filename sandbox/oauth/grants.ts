// Authorization codes (single use, short-lived) and the token grants they become. Codes and tokens are
// kept as SHA-256 hashes. A refresh hands out a new access and refresh token; the old refresh token is
// spent, while the old access token lives out its lifetime (so calls already in flight still succeed).
import { hashSecret, newId, newSecret } from "../ids.js";
import type {
  AuthorizationCode,
  OAuthClient,
  OAuthGrant,
  PendingAuthorization,
  SandboxState,
} from "../state.js";
import { OAuthError } from "./errors.js";
import { pkceValuePattern, verifierMatches } from "./pkce.js";
import type { OAuthSettings } from "./settings.js";

export interface TokenResponse {
  access_token: string;
  token_type: "Bearer";
  /** Left out while `state.oauth.reportExpiresIn` is off. */
  expires_in?: number;
  refresh_token: string;
  scope: string;
}

export function issueCode(
  state: SandboxState,
  request: PendingAuthorization,
  userId: string,
  now: number,
  settings: OAuthSettings,
): string {
  const code = newSecret("code");
  const record: AuthorizationCode = {
    codeHash: hashSecret(code),
    clientId: request.clientId,
    userId,
    redirectUri: request.redirectUri,
    scopes: request.scopes,
    codeChallenge: request.codeChallenge,
    codeChallengeMethod: request.codeChallengeMethod,
    expiresAt: now + settings.codeTtlSeconds * 1000,
    used: false,
  };
  state.authorizationCodes.set(record.codeHash, record);
  return code;
}

export function exchangeCode(
  state: SandboxState,
  client: OAuthClient,
  input: { code: string; redirectUri: string | undefined; codeVerifier: string | undefined },
  now: number,
  settings: OAuthSettings,
): TokenResponse {
  const record = state.authorizationCodes.get(hashSecret(input.code));
  if (record?.clientId !== client.clientId || record.expiresAt <= now) {
    throw new OAuthError("invalid_grant", "the authorization code is not valid or has expired");
  }
  if (record.used) {
    // A replayed code revokes what it was exchanged for (RFC 6749 §4.1.2).
    for (const grant of state.oauthGrants.values())
      if (grant.codeHash === record.codeHash) grant.revoked = true;
    throw new OAuthError("invalid_grant", "the authorization code was already used");
  }
  if (input.redirectUri !== record.redirectUri) {
    throw new OAuthError("invalid_grant", "redirect_uri does not match the authorization request");
  }
  checkVerifier(record, input.codeVerifier);
  record.used = true;
  return issueGrant(
    state,
    { clientId: client.clientId, userId: record.userId, scopes: record.scopes, codeHash: record.codeHash },
    now,
    settings,
  );
}

function checkVerifier(record: AuthorizationCode, verifier: string | undefined): void {
  if (record.codeChallenge === undefined) {
    if (verifier !== undefined)
      throw new OAuthError("invalid_grant", "code_verifier sent but no code_challenge was");
    return;
  }
  if (verifier === undefined) throw new OAuthError("invalid_grant", "code_verifier is required");
  if (!pkceValuePattern.test(verifier)) throw new OAuthError("invalid_request", "code_verifier is malformed");
  if (!verifierMatches(verifier, record.codeChallenge, record.codeChallengeMethod)) {
    throw new OAuthError("invalid_grant", "code_verifier does not match the code_challenge");
  }
}

export function refreshGrant(
  state: SandboxState,
  client: OAuthClient,
  input: { refreshToken: string; scopes: string[] | undefined },
  now: number,
  settings: OAuthSettings,
): TokenResponse {
  const hash = hashSecret(input.refreshToken);
  const grant = [...state.oauthGrants.values()].find((candidate) => candidate.refreshTokenHash === hash);
  if (
    grant === undefined ||
    grant.revoked ||
    grant.clientId !== client.clientId ||
    grant.refreshExpiresAt <= now
  ) {
    throw new OAuthError("invalid_grant", "the refresh token is not valid or has expired");
  }
  const scopes = input.scopes ?? grant.scopes;
  if (!scopes.every((scope) => grant.scopes.includes(scope))) {
    throw new OAuthError("invalid_scope", "a refresh cannot widen the granted scopes");
  }
  grant.refreshTokenHash = "";
  return issueGrant(
    state,
    { clientId: client.clientId, userId: grant.userId, scopes, codeHash: grant.codeHash },
    now,
    settings,
  );
}

function issueGrant(
  state: SandboxState,
  input: { clientId: string; userId: string; scopes: string[]; codeHash: string | undefined },
  now: number,
  settings: OAuthSettings,
): TokenResponse {
  const accessToken = newSecret("at");
  const refreshToken = newSecret("rt");
  const grant: OAuthGrant = {
    id: newId("grant"),
    ...input,
    accessTokenHash: hashSecret(accessToken),
    accessExpiresAt: now + settings.accessTokenTtlSeconds * 1000,
    refreshTokenHash: hashSecret(refreshToken),
    refreshExpiresAt: now + settings.refreshTokenTtlSeconds * 1000,
    revoked: false,
  };
  state.oauthGrants.set(grant.id, grant);
  return {
    access_token: accessToken,
    token_type: "Bearer",
    ...(state.oauth.reportExpiresIn ? { expires_in: settings.accessTokenTtlSeconds } : {}),
    refresh_token: refreshToken,
    scope: input.scopes.join(" "),
  };
}

/**
 * Ends the access tokens the user holds now, before their lifetime is up, as a platform may (a password change, a
 * security reset); their refresh tokens stay valid. Returns how many were ended.
 */
export function expireAccessTokens(state: SandboxState, userId: string, now: number): number {
  let ended = 0;
  for (const grant of state.oauthGrants.values()) {
    if (grant.userId !== userId || grant.revoked || grant.accessExpiresAt <= now) continue;
    grant.accessExpiresAt = now;
    ended += 1;
  }
  return ended;
}

/** RFC 7009: revokes the grant holding this access or refresh token, if it is the client's. */
export function revokeToken(state: SandboxState, client: OAuthClient, token: string): void {
  const hash = hashSecret(token);
  for (const grant of state.oauthGrants.values()) {
    if (grant.clientId !== client.clientId) continue;
    if (grant.accessTokenHash === hash || grant.refreshTokenHash === hash) grant.revoked = true;
  }
}
