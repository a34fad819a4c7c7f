import type { PlatformUser } from "../api/schemas/user.js";
import { getCurrentUser } from "../api/users.js";
import { claimOAuthExchange, releaseOAuthExchange } from "../store/oauth-exchange-claims.js";
import { findOAuthGrant, savePendingOAuthCredential } from "../store/oauth-states.js";
import { exchangeCode } from "./exchange-code.js";
import type { LinkingDeps } from "./linking-deps.js";
import { revokePendingTokens, serialisePendingCredential } from "./pending-credential.js";
import { revokeUnqueued } from "./revoke-queued-tokens.js";
import {
  describePendingFailure,
  readPendingOAuthLink,
  type PendingOAuthLink,
  type PendingOAuthLinkRequest,
} from "./pending-oauth-link.js";

/**
 * What the callback answers: the pending sign-in (with the account `GET /users/me` described when this visit
 * exchanged the code), or that another visit is still exchanging its code.
 */
export type CallbackExchange =
  | (PendingOAuthLink & { readonly user?: PlatformUser })
  | { readonly ok: false; readonly reason: "exchange_in_progress" };

/**
 * The callback's work (docs/architecture.md, "Linking"): in the browser that opened the sign-in link, exchange
 * the code with the PKCE verifier and learn the account with `GET /users/me`, so the confirm page can name
 * it; the tokens wait sealed in the pending row, and no link is stored. A code is single use: a second visit
 * (a reload) shows the account already learnt, and one made while the first is still exchanging sends
 * nothing (oauth-exchange-claims.ts). Errors from the platform propagate.
 */
export async function exchangeAtCallback(
  deps: LinkingDeps,
  request: PendingOAuthLinkRequest & { readonly code: string },
): Promise<CallbackExchange> {
  const oauth = deps.config.platform.oauth;
  const pending = await readPendingOAuthLink(deps, request);
  if (!pending.ok || pending.pending.platformUsername !== undefined || oauth === undefined) return pending;
  const lookup = { state: request.state, browserKey: request.browserKey ?? "", now: deps.clock.now() };
  const found = await findOAuthGrant(deps.db, deps.secretBox, lookup);
  if (!found.ok) return describePendingFailure(found.reason);
  // Longer than the exchange, GET /users/me with its one retry and a revocation can take.
  const staleBefore = lookup.now - (4 * deps.config.platform.timeoutMs + 5000);
  if (!(await claimOAuthExchange(deps.db, { ...lookup, staleBefore }))) {
    // Another visit kept its tokens meanwhile, or the state went, or that visit is still exchanging.
    const again = await readPendingOAuthLink(deps, request);
    if (!again.ok || again.pending.platformUsername !== undefined) return again;
    return { ok: false, reason: "exchange_in_progress" };
  }
  const release = () => releaseOAuthExchange(deps.db, { state: request.state, claimedAt: lookup.now });
  const exchanged = await exchangeAndLearn(deps, oauth, request.code, found.grant.codeVerifier).catch(
    async (error: unknown) => {
      await release();
      throw error;
    },
  );
  const saved = await savePendingOAuthCredential(deps.db, deps.secretBox, {
    ...lookup,
    now: deps.clock.now(),
    credential: serialisePendingCredential(exchanged.tokens),
    platformUsername: exchanged.user.username,
  }).catch(async (error: unknown) => {
    // The database cannot take the tokens (nor queue their revocation, a write too): they are sent for
    // revocation once now, not left valid with nobody holding them. The claim ends with its staleness.
    await revokeUnqueued(deps, {
      issuer: "platform",
      tokens: exchanged.tokens,
      who: { cause: "sign_in" },
    });
    throw error;
  });
  if (saved) {
    const { user } = exchanged;
    return { ok: true, pending: { ...pending.pending, platformUsername: user.username }, user };
  }
  // Another visit kept tokens first (this claim had gone stale), or the state went: these are nobody's.
  await revokePendingTokens(deps, exchanged.tokens);
  return readPendingOAuthLink(deps, request);
}

async function exchangeAndLearn(
  deps: LinkingDeps,
  oauth: NonNullable<LinkingDeps["config"]["platform"]["oauth"]>,
  code: string,
  codeVerifier: string,
) {
  const tokens = await exchangeCode(deps, oauth, { code, codeVerifier });
  const user = await getCurrentUser(deps.platform, { token: tokens.accessToken }).catch(
    async (error: unknown) => {
      // Tokens for an account nobody was shown are nobody's either.
      await revokePendingTokens(deps, tokens);
      throw error;
    },
  );
  return { tokens, user };
}
