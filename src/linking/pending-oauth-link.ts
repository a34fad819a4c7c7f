// Between the platform's redirect and the person's answer on the confirm page (docs/architecture.md,
// "Linking"): the callback reads the pending request without using it up; Cancel uses it up and stores
// nothing. Each step is answered only in the browser that opened the sign-in link (oauth-start.ts), by the
// key in its cookie: without that cookie nothing is read, and another browser's uses up nothing.
import type { Kysely } from "kysely";
import type { Database } from "../store/database.js";
import {
  consumeOAuthState,
  type ConsumedOAuthState,
  findOAuthState,
  type OAuthGrant,
  type OAuthStateFailure,
  type PendingOAuthState,
} from "../store/oauth-states.js";
import type { LinkingDeps } from "./linking-deps.js";
import { queuePendingTokens } from "./pending-credential.js";
import { revokeQueuedTokens } from "./revoke-queued-tokens.js";

export type PendingOAuthLinkFailure = "unknown_state" | "expired_state" | "other_browser" | "oauth_disabled";

export type PendingOAuthLink =
  | { readonly ok: true; readonly pending: PendingOAuthState }
  | { readonly ok: false; readonly reason: PendingOAuthLinkFailure };

/** A state as the browser brings it back, with its cookie's key (undefined when it sent none). */
export interface PendingOAuthLinkRequest {
  readonly state: string;
  readonly browserKey: string | undefined;
}

type Failed = { readonly ok: false; readonly reason: PendingOAuthLinkFailure };

/** A store's refusal as the routes name it. */
export function describePendingFailure(reason: OAuthStateFailure): Failed {
  const reasons = {
    unknown: "unknown_state",
    expired: "expired_state",
    other_browser: "other_browser",
  } as const;
  return { ok: false, reason: reasons[reason] };
}

/** The member and server a pending sign-in would be linked to, for the confirm page. */
export async function readPendingOAuthLink(
  deps: LinkingDeps,
  request: PendingOAuthLinkRequest,
): Promise<PendingOAuthLink> {
  if (deps.config.platform.oauth === undefined) return { ok: false, reason: "oauth_disabled" };
  const { state, browserKey } = request;
  if (browserKey === undefined) return { ok: false, reason: "other_browser" };
  const found = await findOAuthState(deps.db, { state, browserKey, now: deps.clock.now() });
  return found.ok ? found : describePendingFailure(found.reason);
}

/**
 * Takes the pending request out (once): what "Cancel" does, and what a confirmation does with an expired one
 * ("Link account" takes a live one out in the link's own transaction, oauth-link.ts). The tokens its callback
 * got that nobody will use (an expired sign-in's, or a cancelled one's with `cancel`) are queued in the
 * transaction that takes the row out, and tried once it is committed.
 */
export async function takePendingOAuthLink(
  deps: LinkingDeps,
  request: PendingOAuthLinkRequest,
  options: { readonly cancel?: boolean } = {},
): Promise<{ readonly ok: true; readonly grant: OAuthGrant } | Failed> {
  const { state, browserKey } = request;
  if (browserKey === undefined) return { ok: false, reason: "other_browser" };
  const { consumed, revocation } = await deps.db
    .transaction()
    .execute((trx) => takeOAuthStateInTransaction(trx, deps, { state, browserKey }, options));
  await revokeQueuedTokens(deps, revocation);
  return consumed.ok ? consumed : describePendingFailure(consumed.reason);
}

/**
 * takePendingOAuthLink's work inside `trx`, for a caller that stores more in the same transaction (the link,
 * oauth-link.ts); the caller tries `revocation` once it is committed.
 */
export async function takeOAuthStateInTransaction(
  trx: Kysely<Database>,
  deps: Pick<LinkingDeps, "secretBox" | "clock" | "config">,
  request: { readonly state: string; readonly browserKey: string },
  options: { readonly cancel?: boolean } = {},
): Promise<{ readonly consumed: ConsumedOAuthState; readonly revocation: string | undefined }> {
  const consumed = await consumeOAuthState(trx, deps.secretBox, { ...request, now: deps.clock.now() });
  const dropped = droppedCredential(consumed, options.cancel === true);
  return {
    consumed,
    revocation: dropped === undefined ? undefined : await queuePendingTokens(trx, deps, dropped),
  };
}

/** The tokens nobody will use: an expired sign-in's, gone before the hourly prune could revoke them, or a cancel's. */
function droppedCredential(taken: ConsumedOAuthState, cancel: boolean): string | undefined {
  if (!taken.ok) return taken.abandonedCredential;
  return cancel ? taken.grant.pendingCredential : undefined;
}

/** "Cancel" on the confirm page: the request is used up, nothing is stored, and the callback's tokens revoked. */
export async function cancelOAuthLink(
  deps: LinkingDeps,
  request: PendingOAuthLinkRequest,
): Promise<{ readonly ok: true; readonly grant: OAuthGrant } | Failed> {
  if (deps.config.platform.oauth === undefined) return { ok: false, reason: "oauth_disabled" };
  const consumed = await takePendingOAuthLink(deps, request, { cancel: true });
  if (!consumed.ok) return consumed;
  deps.logger.info(
    { guildId: consumed.grant.guildId, userId: consumed.grant.userId },
    "OAuth link cancelled on the confirm page",
  );
  return { ok: true, grant: consumed.grant };
}
