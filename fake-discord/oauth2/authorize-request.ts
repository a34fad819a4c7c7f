import { ApplicationIntegrationType, OAuth2Scopes } from "discord.js";
import { AuthorizeRequestError, OAuth2Error, type OAuth2ErrorCode } from "./oauth2-error.js";

const knownScopes: ReadonlySet<string> = new Set(Object.values(OAuth2Scopes));

/** What a user is asked to approve on the consent page (docs: Topics, OAuth2 — Authorization URL Example). */
export interface AuthorizationRequest {
  redirectUri: string;
  scopes: readonly string[];
  state: string | null;
  /** PKCE (RFC 7636): the S256 challenge the code's verifier must match, when one was sent. */
  codeChallenge: string | null;
  /** 1 (USER_INSTALL) adds the app to the user's account with `applications.commands`. */
  integrationType: ApplicationIntegrationType;
}

/**
 * Reads the authorize query. An unknown `client_id` or an unregistered `redirect_uri` throws
 * AuthorizeRequestError, shown on the page and never redirected (RFC 6749 §4.1.2.1); any other fault is
 * an OAuth2Error sent back to the redirect URI with `error` and `state`, as Discord does.
 */
export function readAuthorizationRequest(
  query: Readonly<Record<string, string | undefined>>,
  client: { id: string; redirectUris: ReadonlySet<string> },
): AuthorizationRequest {
  if (query.client_id !== client.id)
    throw new AuthorizeRequestError("Unknown application: invalid client_id");
  const redirectUri = query.redirect_uri ?? "";
  if (!client.redirectUris.has(redirectUri)) throw new AuthorizeRequestError("Invalid OAuth2 redirect_uri");
  const state = query.state ?? null;
  const fail = (error: OAuth2ErrorCode, description: string): never => {
    const refusal = new OAuth2Error(error, description);
    throw new OAuth2Error(error, description, buildRedirect(redirectUri, { state }, refusal));
  };
  if (query.response_type !== "code")
    fail("unsupported_response_type", "Only response_type=code is supported");
  // Scopes are space-delimited; `+` in the query reads as a space too.
  const scopes = (query.scope ?? "").split(" ").filter((scope) => scope !== "");
  const unknown = scopes.filter((scope) => !knownScopes.has(scope));
  if (scopes.length === 0 || unknown.length > 0)
    fail("invalid_scope", `Invalid scope: ${unknown.join(" ") || "(none)"}`);
  const codeChallenge = query.code_challenge ?? null;
  if (codeChallenge !== null && query.code_challenge_method !== "S256")
    fail("invalid_request", "code_challenge_method must be S256");
  const integrationType =
    query.integration_type === String(ApplicationIntegrationType.UserInstall)
      ? ApplicationIntegrationType.UserInstall
      : ApplicationIntegrationType.GuildInstall;
  return { redirectUri, scopes, state, codeChallenge, integrationType };
}

/** Discord names itself in every authorization response (docs: Topics, OAuth2 — Issuer Identification; RFC 9207). */
const issuer = "https://discord.com";

/** The redirect URI with `code` (or `error`), `state` and `iss` added to its own query. */
export function buildRedirect(
  redirectUri: string,
  request: { state: string | null },
  outcome: { code: string } | OAuth2Error,
): string {
  const url = new URL(redirectUri);
  if (outcome instanceof OAuth2Error) {
    url.searchParams.set("error", outcome.error);
    url.searchParams.set("error_description", outcome.description);
  } else {
    url.searchParams.set("code", outcome.code);
  }
  if (request.state !== null) url.searchParams.set("state", request.state);
  url.searchParams.set("iss", issuer);
  return url.toString();
}
