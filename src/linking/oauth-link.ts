import { randomBytes, randomUUID } from "node:crypto";
import { getCurrentUser } from "../api/users.js";
import { createAuthorizationRequest } from "../oauth/authorization-request.js";
import type { PlatformUser } from "../api/schemas/user.js";
import {
  createOAuthState,
  findOAuthGrant,
  type OAuthGrant,
  type OAuthStateOrigin,
} from "../store/oauth-states.js";
import {
  holdMemberLink,
  type MemberKey,
  type MemberLink,
  type MemberLinkInput,
} from "../store/member-links.js";
import type { HeldRoleConnectionWrite } from "../store/role-connection-writes.js";
import type { TokenSet } from "../oauth/tokens.js";
import { exchangeAtCallback } from "./exchange-at-callback.js";
import { readPendingCredential } from "./pending-credential.js";
import { afterLinkCommitted, writeLinkedAccount } from "./save-linked-account.js";
import { oauthDisabledError } from "./link-errors.js";
import { readLinkedRolesSettings } from "./linked-roles-settings.js";
import {
  describePendingFailure,
  type PendingOAuthLinkFailure,
  takeOAuthStateInTransaction,
  takePendingOAuthLink,
} from "./pending-oauth-link.js";
import { revokeQueuedTokens } from "./revoke-queued-tokens.js";
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
  | {
      readonly ok: true;
      readonly link: MemberLink;
      readonly grant: OAuthGrant;
      /**
       * For a sign-in the Linked Roles verification started, the connection's queued write, leased to this
       * confirmation to write at once (writeSignedInConnection); undefined when nothing was queued or another
       * owner holds it.
       */
      readonly connectionHeld: HeldRoleConnectionWrite | undefined;
    }
  | { readonly ok: false; readonly reason: PendingOAuthLinkFailure };

/**
 * The confirmation's work (docs/architecture.md, "Linking"): only from the browser that opened the sign-in
 * link, take the tokens the callback got (for a state the callback never exchanged, exchange the code now, the
 * callback's way), learn whose they are with `GET /users/me`, then take the state out and store the link
 * encrypted in one transaction. Nothing is used up before that commit: if the platform fails, or the process
 * stops, the sign-in is still pending, "Link account" works again, and an abandoned one's tokens are revoked
 * when it expires (prune-abandoned-sign-ins.ts). Errors from the platform propagate.
 */
export async function completeOAuthLink(
  deps: LinkingDeps,
  input: { readonly state: string; readonly code: string; readonly browserKey: string | undefined },
): Promise<OAuthLinkResult> {
  if (deps.config.platform.oauth === undefined) return { ok: false, reason: "oauth_disabled" };
  const { state, browserKey } = input;
  if (browserKey === undefined) return { ok: false, reason: "other_browser" };
  const found = await findExchangedGrant(deps, { ...input, browserKey });
  if (!found.ok) return found;
  const { pendingCredential } = found.grant;
  const tokens = readPendingCredential(pendingCredential);
  const user = found.user ?? (await getCurrentUser(deps.platform, { token: tokens.accessToken }));
  const { taken, written } = await deps.db.transaction().execute(async (trx) => {
    // The member's link is held before the sign-in is taken out, in the order `/unlink` takes the two: the
    // other order deadlocked a confirmation with an /unlink of the same member on PostgreSQL.
    await holdMemberLink(trx, { guildId: found.grant.guildId, userId: found.grant.userId });
    const taken = await takeOAuthStateInTransaction(trx, deps, { state, browserKey });
    if (!taken.consumed.ok) return { taken, written: undefined };
    const { grant } = taken.consumed;
    // The callback keeps tokens in a pending row once only (savePendingOAuthCredential), so these are they.
    if (grant.pendingCredential !== pendingCredential)
      throw new Error("the sign-in's tokens changed while it was confirmed");
    // A Linked Roles sign-in's confirmation writes the member's connection itself, to say on its page what
    // their profile shows: the write is queued leased to it, so the worker does not make it a second time.
    // With Linked Roles turned off since the sign-in began, the page writes nothing, and neither holds the row.
    const holdConnection =
      grant.origin === "linked_roles" && readLinkedRolesSettings(deps.config) !== undefined
        ? { owner: `sign-in:${randomUUID()}`, leaseMs: deps.config.outbox.leaseMs }
        : undefined;
    return {
      taken,
      written: await writeLinkedAccount(trx, deps, linkInput(deps, grant, tokens, user), user, {
        ...(holdConnection === undefined ? {} : { holdConnection }),
      }),
    };
  });
  if (written === undefined) {
    await revokeQueuedTokens(deps, taken.revocation);
    // Another confirmation or a cancel took it first, or it expired meanwhile (its tokens queued above).
    return taken.consumed.ok
      ? { ok: false, reason: "unknown_state" }
      : describePendingFailure(taken.consumed.reason);
  }
  await afterLinkCommitted(deps, written);
  const { grant } = found;
  deps.logger.info(
    { guildId: grant.guildId, userId: grant.userId, platformUserId: written.link.platformUserId },
    "linked through OAuth",
  );
  return { ok: true, link: written.link, grant, connectionHeld: written.connectionHeld };
}

/**
 * The pending grant with the callback's tokens; a state the callback never exchanged (its exchange failed) is
 * exchanged now, and the account `GET /users/me` described then comes with it. An expired state is taken out,
 * its tokens queued for revocation, and refused.
 */
async function findExchangedGrant(
  deps: LinkingDeps,
  input: { readonly state: string; readonly code: string; readonly browserKey: string },
): Promise<
  | {
      readonly ok: true;
      readonly grant: OAuthGrant & { readonly pendingCredential: string };
      readonly user?: PlatformUser;
    }
  | { readonly ok: false; readonly reason: PendingOAuthLinkFailure }
> {
  const lookup = { state: input.state, browserKey: input.browserKey };
  const found = await findUsableGrant(deps, lookup);
  if (!found.ok || found.grant.pendingCredential !== undefined) return withCredential(found);
  const exchange = await exchangeAtCallback(deps, input);
  if (!exchange.ok) {
    if (exchange.reason === "exchange_in_progress")
      throw new Error("the sign-in's code is being exchanged by another visit");
    return exchange;
  }
  const exchanged = withCredential(await findUsableGrant(deps, lookup));
  return exchanged.ok && exchange.user !== undefined ? { ...exchanged, user: exchange.user } : exchanged;
}

type FoundGrant =
  | { readonly ok: true; readonly grant: OAuthGrant }
  | { readonly ok: false; readonly reason: PendingOAuthLinkFailure };

/** The pending grant; an expired one is taken out, its tokens queued for revocation, and refused. */
async function findUsableGrant(
  deps: LinkingDeps,
  lookup: { readonly state: string; readonly browserKey: string },
): Promise<FoundGrant> {
  const found = await findOAuthGrant(deps.db, deps.secretBox, { ...lookup, now: deps.clock.now() });
  if (found.ok) return found;
  if (found.reason !== "expired") return describePendingFailure(found.reason);
  // Taken out as a cancel would be: its tokens are queued whether or not it had expired by then.
  const taken = await takePendingOAuthLink(deps, lookup, { cancel: true });
  return taken.ok ? { ok: false, reason: "expired_state" } : taken;
}

/** `found` with its tokens; a grant that still has none after an exchange that kept them is a broken store. */
function withCredential(
  found: FoundGrant,
):
  | { readonly ok: true; readonly grant: OAuthGrant & { readonly pendingCredential: string } }
  | Extract<FoundGrant, { ok: false }> {
  if (!found.ok) return found;
  const { pendingCredential } = found.grant;
  if (pendingCredential === undefined)
    throw new Error("the sign-in's code was exchanged but its tokens were not kept");
  return { ok: true, grant: { ...found.grant, pendingCredential } };
}

function linkInput(
  deps: Pick<LinkingDeps, "clock">,
  grant: OAuthGrant,
  tokens: TokenSet,
  user: PlatformUser,
): MemberLinkInput {
  return {
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
  };
}
