// The tokens the OAuth callback got for the code, kept sealed in the pending row until the person answers on
// the confirm page (docs/architecture.md, "Linking"): "Link account" stores them as the link's credential,
// "Cancel" revokes them.
import type { TokenSet } from "../oauth/tokens.js";
import type { LinkingDeps } from "./linking-deps.js";
import { revokeDroppedTokens } from "./revoke-dropped-tokens.js";

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
 * Revokes tokens nobody will use (a cancelled, superseded or abandoned sign-in): queued, and tried at once; what
 * the platform does not answer the revocation worker sends later (revoke-dropped-tokens.ts). Never fails the
 * sign-in's answer for a revocation.
 */
export async function revokePendingTokens(
  deps: Pick<LinkingDeps, "db" | "secretBox" | "clock" | "config" | "logger">,
  tokens: Pick<TokenSet, "accessToken" | "refreshToken">,
): Promise<void> {
  await revokeDroppedTokens(deps, { guildId: undefined, userId: undefined, tokens, cause: "sign_in" });
}
