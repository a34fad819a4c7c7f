// The tokens the OAuth callback got for the code, kept sealed in the pending row until the person answers on
// the confirm page (docs/architecture.md, "Linking"): "Link account" stores them as the link's credential,
// "Cancel" revokes them.
import { revokeToken, type TokenSet } from "../oauth/tokens.js";
import type { LinkingDeps } from "./linking-deps.js";

/** How long a revocation may hold up the answer to the browser; it is best effort. */
const revokeTimeoutMs = 5000;

export function serialisePendingCredential(tokens: TokenSet): string {
  return JSON.stringify({
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken ?? null,
    expiresAt: tokens.expiresAt ?? null,
    scopes: tokens.scopes,
  });
}

export function readPendingCredential(json: string): TokenSet {
  const stored = JSON.parse(json) as {
    accessToken: string;
    refreshToken: string | null;
    expiresAt: number | null;
    scopes: string[];
  };
  return {
    accessToken: stored.accessToken,
    refreshToken: stored.refreshToken ?? undefined,
    expiresAt: stored.expiresAt ?? undefined,
    scopes: stored.scopes,
  };
}

/**
 * Revokes tokens nobody will use (a cancelled or superseded sign-in), best effort; never throws. Returns whether
 * the platform confirmed it (false with platform OAuth off: there is nowhere to send it).
 */
export async function revokePendingTokens(
  deps: Pick<LinkingDeps, "config">,
  tokens: Pick<TokenSet, "accessToken" | "refreshToken">,
): Promise<boolean> {
  const oauth = deps.config.platform.oauth;
  if (oauth === undefined) return false;
  return revokeToken({
    tokenUrl: oauth.tokenUrl,
    clientId: oauth.clientId,
    clientSecret: oauth.clientSecret,
    format: oauth.tokenRequestFormat,
    timeoutMs: Math.min(deps.config.platform.timeoutMs, revokeTimeoutMs),
    token: tokens.refreshToken ?? tokens.accessToken,
    tokenTypeHint: tokens.refreshToken === undefined ? "access_token" : "refresh_token",
  });
}
