import * as oauth from "oauth4webapi";

// Step 2 of the platform's API reference, "OAuth 2.0": send the member to {auth_url}/oauth/authorize. We add
// PKCE S256 and a random state (docs/architecture.md, "Linking"); the caller stores state + verifier, bound
// to guild and user.

export interface AuthorizationRequestOptions {
  /** `{auth_url}`, without `/oauth/authorize`. */
  readonly authUrl: string;
  readonly clientId: string;
  readonly redirectUri: string;
  readonly scopes: readonly string[];
  /** Appended to `authUrl`: `/oauth/authorize` (the platform's) unless given (Discord's is `/oauth2/authorize`). */
  readonly authorizePath?: string | undefined;
  /** Defaults to 256 random bits, base64url. */
  readonly state?: string | undefined;
}

export interface AuthorizationRequest {
  readonly url: string;
  readonly state: string;
  /** Secret until the code exchange; store it encrypted or in memory, never log it. */
  readonly codeVerifier: string;
}

export async function createAuthorizationRequest(
  options: AuthorizationRequestOptions,
): Promise<AuthorizationRequest> {
  const state = options.state ?? oauth.generateRandomState();
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const url = new URL(`${options.authUrl.replace(/\/+$/, "")}${options.authorizePath ?? "/oauth/authorize"}`);
  url.searchParams.set("client_id", options.clientId);
  url.searchParams.set("redirect_uri", options.redirectUri);
  url.searchParams.set("response_type", "code");
  // The spec's scope list is plus-separated: form encoding writes each space as "+".
  url.searchParams.set("scope", options.scopes.join(" "));
  url.searchParams.set("state", state);
  url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(codeVerifier));
  url.searchParams.set("code_challenge_method", "S256");
  return { url: url.href, state, codeVerifier };
}
