import { getCurrentUser } from "../api/users.js";
import { findOAuthStateVerifier, savePendingOAuthCredential } from "../store/oauth-states.js";
import { exchangeCode } from "./exchange-code.js";
import type { LinkingDeps } from "./linking-deps.js";
import { revokePendingTokens, serialisePendingCredential } from "./pending-credential.js";
import {
  describePendingFailure,
  readPendingOAuthLink,
  type PendingOAuthLink,
  type PendingOAuthLinkRequest,
} from "./pending-oauth-link.js";

/**
 * The callback's work (docs/architecture.md, "Linking"): in the browser that opened the sign-in link, exchange
 * the code with the PKCE verifier and learn the account with `GET /users/me`, so the confirm page can name
 * it; the tokens wait sealed in the pending row, and no link is stored. A second visit (a reload) shows the
 * account already learnt without exchanging again: a code is single use. Errors from the platform propagate.
 */
export async function exchangeAtCallback(
  deps: LinkingDeps,
  request: PendingOAuthLinkRequest & { readonly code: string },
): Promise<PendingOAuthLink> {
  const oauth = deps.config.platform.oauth;
  const pending = await readPendingOAuthLink(deps, request);
  if (!pending.ok || pending.pending.platformUsername !== undefined || oauth === undefined) return pending;
  const lookup = { state: request.state, browserKey: request.browserKey ?? "", now: deps.clock.now() };
  const verifier = await findOAuthStateVerifier(deps.db, deps.secretBox, lookup);
  if (!verifier.ok) return describePendingFailure(verifier.reason);
  const tokens = await exchangeCode(deps, oauth, { code: request.code, codeVerifier: verifier.codeVerifier });
  const user = await getCurrentUser(deps.platform, { token: tokens.accessToken }).catch(
    async (error: unknown) => {
      // Tokens for an account nobody was shown are nobody's either.
      await revokePendingTokens(deps, tokens);
      throw error;
    },
  );
  const saved = await savePendingOAuthCredential(deps.db, deps.secretBox, {
    ...lookup,
    now: deps.clock.now(),
    credential: serialisePendingCredential(tokens),
    platformUsername: user.username,
  });
  if (saved) return { ok: true, pending: { ...pending.pending, platformUsername: user.username } };
  // Another visit kept its tokens first, or the state went meanwhile: these are nobody's.
  await revokePendingTokens(deps, tokens);
  return readPendingOAuthLink(deps, request);
}
