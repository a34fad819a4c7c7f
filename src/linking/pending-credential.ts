// The tokens the OAuth callback got for the code, kept sealed in the pending row until the person answers on
// the confirm page (docs/architecture.md, "Linking"): "Link account" stores them as the link's credential,
// "Cancel" revokes them.
import type { Kysely } from "kysely";
import type { TokenSet } from "../oauth/tokens.js";
import type { Database } from "../store/database.js";
import type { LinkingDeps } from "./linking-deps.js";
import { queueDroppedTokens, revokeDroppedTokens } from "./revoke-dropped-tokens.js";

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
 * Revokes tokens nobody will use that no row held (a sign-in superseded or failed after its exchange): queued,
 * and tried at once; what the platform does not answer the revocation worker sends later
 * (revoke-dropped-tokens.ts). Never fails the sign-in's answer for a revocation.
 */
export async function revokePendingTokens(
  deps: Pick<LinkingDeps, "db" | "secretBox" | "clock" | "config" | "logger">,
  tokens: Pick<TokenSet, "accessToken" | "refreshToken">,
): Promise<void> {
  await revokeDroppedTokens(deps, { guildId: undefined, userId: undefined, tokens, cause: "sign_in" });
}

/**
 * Queues the tokens of a sign-in in `trx`, the transaction that takes its pending row out, so they are never
 * gone from the database before being queued; the caller tries the returned row once committed.
 */
export async function queuePendingTokens(
  trx: Kysely<Database>,
  deps: Pick<LinkingDeps, "secretBox" | "clock" | "config">,
  credential: string,
): Promise<string | undefined> {
  const tokens = readPendingCredential(credential);
  return queueDroppedTokens(trx, deps, { guildId: undefined, userId: undefined, tokens, cause: "sign_in" });
}

/** queuePendingTokens for each sign-in's tokens; the ids of the rows queued, for the caller to try. */
export async function queueAllPendingTokens(
  trx: Kysely<Database>,
  deps: Pick<LinkingDeps, "secretBox" | "clock" | "config">,
  credentials: readonly string[],
): Promise<string[]> {
  const queued: string[] = [];
  for (const credential of credentials) {
    const id = await queuePendingTokens(trx, deps, credential);
    if (id !== undefined) queued.push(id);
  }
  return queued;
}
