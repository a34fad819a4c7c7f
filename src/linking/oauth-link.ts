import { randomBytes } from "node:crypto";
import { getCurrentUser } from "../api/users.js";
import { createAuthorizationRequest } from "../oauth/authorization-request.js";
import { createOAuthState, type OAuthGrant, type OAuthStateOrigin } from "../store/oauth-states.js";
import type { MemberKey, MemberLink } from "../store/member-links.js";
import type { TokenSet } from "../oauth/tokens.js";
import { readPendingCredential, revokePendingTokens } from "./pending-credential.js";
import { exchangeCode } from "./exchange-code.js";
import { saveLinkedAccount } from "./save-linked-account.js";
import { oauthDisabledError } from "./link-errors.js";
import { type PendingOAuthLinkFailure, takePendingOAuthLink } from "./pending-oauth-link.js";
import { type LinkingDeps, oauthRedirectUri, oauthStartUrl, oauthStateLifetimeMs } from "./linking-deps.js";

/**
 * The member who ran `/link` (or opened the Linked Roles verification), with the names the confirm page shows
 * whoever opens the sign-in URL. No `guildId`: a personal link (docs/architecture.md, "Personal links").
 */
export interface OAuthLinkRequester extends MemberKey {
  /** The member's name in the server: nickname, else display name, else username. */
  readonly memberName: string;
  readonly memberUsername: string;
  /** Undefined when Discord could not be asked for it. */
  readonly guildName: string | undefined;
}

/**
 * Step one of `/link` through OAuth (docs/architecture.md, "Linking"): a single-use state bound to this guild
 * and member, with a PKCE verifier and the names to confirm, valid 10 minutes. Returns the bot's start URL for
 * the "Link account" button: it binds the browser that opens it, then redirects to the platform's authorize
 * URL (oauth-start.ts).
 */
export async function startOAuthLink(
  deps: LinkingDeps,
  requester: OAuthLinkRequester,
  interactionToken: string | undefined,
  origin: OAuthStateOrigin = "link",
): Promise<{ readonly url: string; readonly expiresAt: number }> {
  const oauth = deps.config.platform.oauth;
  if (oauth === undefined) throw oauthDisabledError();
  const request = await createAuthorizationRequest({
    authUrl: oauth.authUrl,
    clientId: oauth.clientId,
    redirectUri: oauthRedirectUri(deps.config.http.publicUrl),
    scopes: oauth.scopes,
  });
  const now = deps.clock.now();
  const expiresAt = now + oauthStateLifetimeMs;
  const startId = randomBytes(32).toString("base64url");
  await createOAuthState(deps.db, deps.secretBox, {
    state: request.state,
    startId,
    authorizeUrl: request.url,
    guildId: requester.guildId,
    userId: requester.userId,
    names: {
      memberName: requester.memberName,
      memberUsername: requester.memberUsername,
      guildName: requester.guildName,
    },
    codeVerifier: request.codeVerifier,
    interactionToken,
    origin,
    expiresAt,
    now,
  });
  return { url: oauthStartUrl(deps.config.http.publicUrl, startId), expiresAt };
}

export type OAuthLinkResult =
  | { readonly ok: true; readonly link: MemberLink; readonly grant: OAuthGrant }
  | { readonly ok: false; readonly reason: PendingOAuthLinkFailure };

/**
 * The confirmation's work: consume the state (once, and only from the browser that opened the sign-in link),
 * take the tokens the callback got (or, for a state the callback never exchanged, exchange the code with the
 * PKCE verifier), learn who the account is with `GET /users/me`, and store the link encrypted. Errors from
 * the platform propagate; the tokens of a sign-in used up without a link are revoked first.
 */
export async function completeOAuthLink(
  deps: LinkingDeps,
  input: { readonly state: string; readonly code: string; readonly browserKey: string | undefined },
): Promise<OAuthLinkResult> {
  const oauth = deps.config.platform.oauth;
  if (oauth === undefined) return { ok: false, reason: "oauth_disabled" };
  const consumed = await takePendingOAuthLink(deps, input);
  if (!consumed.ok) return consumed;
  const { grant } = consumed;
  // The callback exchanged the code already (exchange-at-callback.ts); only a state it never saw needs it here.
  const tokens =
    grant.pendingCredential === undefined
      ? await exchangeCode(deps, oauth, { code: input.code, codeVerifier: grant.codeVerifier })
      : readPendingCredential(grant.pendingCredential);
  const link = await storeLink(deps, grant, tokens).catch(async (error: unknown) => {
    // The sign-in is used up and nothing was linked: these tokens are nobody's.
    await revokePendingTokens(deps, tokens);
    throw error;
  });
  deps.logger.info(
    { guildId: grant.guildId, userId: grant.userId, platformUserId: link.platformUserId },
    "linked through OAuth",
  );
  return { ok: true, link, grant };
}

/** Learns whose the tokens are with `GET /users/me` and stores them as the member's link. */
async function storeLink(deps: LinkingDeps, grant: OAuthGrant, tokens: TokenSet): Promise<MemberLink> {
  const user = await getCurrentUser(deps.platform, { token: tokens.accessToken });
  return saveLinkedAccount(
    deps,
    {
      guildId: grant.guildId,
      userId: grant.userId,
      platformUserId: user.id,
      platformUsername: user.username,
      credentialKind: "oauth",
      credential: {
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken,
        expiresAt: tokens.expiresAt,
        scopes: tokens.scopes,
      },
      now: deps.clock.now(),
    },
    user,
  );
}
