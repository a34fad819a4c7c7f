// The authorization code's exchange, as both the OAuth callback (exchange-at-callback.ts) and the confirm
// page's Link account (oauth-link.ts) make it: the platform's token endpoint with the PKCE verifier.
import { exchangeAuthorizationCode, type TokenSet } from "../oauth/tokens.js";
import { oauthRedirectUri, platformTokenEndpoint, type LinkingDeps } from "./linking-deps.js";

export function exchangeCode(
  deps: LinkingDeps,
  oauth: NonNullable<LinkingDeps["config"]["platform"]["oauth"]>,
  input: { readonly code: string; readonly codeVerifier: string },
): Promise<TokenSet> {
  return exchangeAuthorizationCode({
    ...platformTokenEndpoint({ oauth, timeoutMs: deps.config.platform.timeoutMs }),
    clock: deps.clock,
    code: input.code,
    redirectUri: oauthRedirectUri(deps.config.http.publicUrl),
    codeVerifier: input.codeVerifier,
    requestedScopes: oauth.scopes,
  });
}
