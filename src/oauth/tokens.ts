import * as oauth from "oauth4webapi";
import type { Clock } from "../clock.js";
import { describeTokenEndpoint, readTokenError, type TokenEndpointOptions } from "./token-endpoint.js";

// Step 3 of the platform's API reference, "OAuth 2.0" plus refresh and revocation. The token answer is
// assumed to follow RFC 6749 §5.1 (`access_token`, `token_type`, `expires_in`, `refresh_token`, `scope`), as
// docs/architecture.md, "Linking", says.

export interface TokenSet {
  readonly accessToken: string;
  /** Absent when the server issued none (or, on refresh, kept the old one: keep using it then). */
  readonly refreshToken: string | undefined;
  /** Milliseconds epoch, from the injected clock + `expires_in`; absent when the server gave no lifetime. */
  readonly expiresAt: number | undefined;
  readonly scopes: readonly string[];
}

interface WithClock {
  readonly clock: Clock;
  /** Used when the answer has no `scope` (RFC 6749 §5.1: then it equals the requested scope). */
  readonly requestedScopes?: readonly string[] | undefined;
}

export interface CodeExchangeOptions extends TokenEndpointOptions, WithClock {
  readonly code: string;
  readonly redirectUri: string;
  readonly codeVerifier: string;
}

/** POST {token_url}/oauth/token with grant_type=authorization_code and the PKCE verifier. */
export async function exchangeAuthorizationCode(options: CodeExchangeOptions): Promise<TokenSet> {
  const endpoint = describeTokenEndpoint(options, "POST /oauth/token");
  const secrets = [options.clientSecret, options.code, options.codeVerifier];
  try {
    // The state was checked by the callback route, so the code is handed over without one.
    const callback = oauth.validateAuthResponse(
      endpoint.server,
      endpoint.client,
      new URLSearchParams({ code: options.code }),
      oauth.expectNoState,
    );
    const response = await oauth.authorizationCodeGrantRequest(
      endpoint.server,
      endpoint.client,
      endpoint.authentication,
      callback,
      options.redirectUri,
      options.codeVerifier,
      endpoint.requestOptions,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(endpoint.server, endpoint.client, response);
    return toTokenSet(tokens, options);
  } catch (error) {
    throw await readTokenError(error, secrets);
  }
}

export interface RefreshOptions extends TokenEndpointOptions, WithClock {
  readonly refreshToken: string;
}

/** POST {token_url}/oauth/token with grant_type=refresh_token. Wrap in `runOnce` per link. */
export async function refreshAccessToken(options: RefreshOptions): Promise<TokenSet> {
  const endpoint = describeTokenEndpoint(options, "POST /oauth/token");
  try {
    const response = await oauth.refreshTokenGrantRequest(
      endpoint.server,
      endpoint.client,
      endpoint.authentication,
      options.refreshToken,
      endpoint.requestOptions,
    );
    const tokens = await oauth.processRefreshTokenResponse(endpoint.server, endpoint.client, response);
    return toTokenSet(tokens, options);
  } catch (error) {
    throw await readTokenError(error, [options.clientSecret, options.refreshToken]);
  }
}

export interface RevokeOptions extends TokenEndpointOptions {
  readonly token: string;
  readonly tokenTypeHint?: "access_token" | "refresh_token" | undefined;
}

/**
 * What the revocation endpoint answered: `revoked` (200), `refused` (another 4xx: the request itself was
 * refused, an unknown token or token type, and sending it again would change nothing), or `failed` (401 or 403,
 * the client's own credentials refused, which the operator can mend; 429, 5xx, a network error or a time-out:
 * worth trying again).
 */
export type RevocationOutcome =
  | { readonly kind: "revoked" }
  | { readonly kind: "refused"; readonly status: number }
  | { readonly kind: "failed"; readonly detail: string };

/** Answers worth sending the revocation again for: the client's credentials refused, or too many requests. */
const retriedStatuses: ReadonlySet<number> = new Set([401, 403, 429]);
/**
 * Error codes that refuse the client rather than the token, which a server may send with a 400 (RFC 6749 §5.2,
 * as RFC 7009 §2.2.1 answers errors): the operator can mend them, so the revocation is tried again.
 */
const clientErrors: ReadonlySet<string> = new Set(["invalid_client", "unauthorized_client"]);

/** RFC 7009 revocation at {token_url}/oauth/revoke (assumed: the spec shows no revocation). Never throws. */
export async function requestRevocation(options: RevokeOptions): Promise<RevocationOutcome> {
  const endpoint = describeTokenEndpoint(options, "POST /oauth/revoke");
  let response: Response;
  try {
    response = await oauth.revocationRequest(
      endpoint.server,
      endpoint.client,
      endpoint.authentication,
      options.token,
      {
        ...endpoint.requestOptions,
        ...(options.tokenTypeHint === undefined
          ? {}
          : { additionalParameters: { token_type_hint: options.tokenTypeHint } }),
      },
    );
  } catch (error) {
    // The request never got an answer; the message names the operation, never the token.
    return { kind: "failed", detail: error instanceof Error ? error.message : "the request failed" };
  }
  // The body is read in every case, so the connection is free again; only an error's code is kept.
  const errorCode = await readErrorCode(response);
  if (response.status === 200) return { kind: "revoked" };
  const refused = response.status >= 400 && response.status < 500 && !retriedStatuses.has(response.status);
  if (refused && (errorCode === undefined || !clientErrors.has(errorCode)))
    return { kind: "refused", status: response.status };
  const answered = `the revocation endpoint answered ${String(response.status)}`;
  return { kind: "failed", detail: errorCode === undefined ? answered : `${answered} ${errorCode}` };
}

/** The `error` of an OAuth error body, when it is one and a plain code; never the rest of the body. */
async function readErrorCode(response: Response): Promise<string | undefined> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return undefined;
  }
  try {
    const body: unknown = JSON.parse(text);
    const error = typeof body === "object" && body !== null && "error" in body ? body.error : undefined;
    return typeof error === "string" && /^[\w.-]{1,64}$/.test(error) ? error : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the server confirmed the revocation; any failure is swallowed. */
export async function revokeToken(options: RevokeOptions): Promise<boolean> {
  return (await requestRevocation(options)).kind === "revoked";
}

function toTokenSet(tokens: oauth.TokenEndpointResponse, options: WithClock): TokenSet {
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    expiresAt: tokens.expires_in === undefined ? undefined : options.clock.now() + tokens.expires_in * 1000,
    scopes: tokens.scope === undefined ? [...(options.requestedScopes ?? [])] : splitScopes(tokens.scope),
  };
}

// RFC 6749 separates scopes with spaces; the platform writes them plus-separated in URLs, and its scope
// names ("read:profile") contain no "+", so a literal "+" is read as a separator too.
function splitScopes(scope: string): string[] {
  return scope.split(/[\s+]+/).filter((name) => name !== "");
}
