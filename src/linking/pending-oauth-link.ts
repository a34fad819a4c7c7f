// Between the platform's redirect and the person's answer on the confirm page (docs/architecture.md,
// "Linking"): the callback reads the pending request without using it up; Cancel uses it up and stores nothing.
import { consumeOAuthState, findOAuthState, type PendingOAuthState } from "../store/oauth-states.js";
import type { LinkingDeps } from "./linking-deps.js";

export type PendingOAuthLinkFailure = "unknown_state" | "expired_state" | "oauth_disabled";

export type PendingOAuthLink =
  | { readonly ok: true; readonly pending: PendingOAuthState }
  | { readonly ok: false; readonly reason: PendingOAuthLinkFailure };

/** The member and server a pending sign-in would be linked to, for the confirm page. */
export async function readPendingOAuthLink(deps: LinkingDeps, state: string): Promise<PendingOAuthLink> {
  if (deps.config.platform.oauth === undefined) return { ok: false, reason: "oauth_disabled" };
  const found = await findOAuthState(deps.db, { state, now: deps.clock.now() });
  if (!found.ok) return { ok: false, reason: found.reason === "expired" ? "expired_state" : "unknown_state" };
  return found;
}

/** "Cancel" on the confirm page: the request is used up and nothing is exchanged or stored. */
export async function cancelOAuthLink(
  deps: LinkingDeps,
  state: string,
): Promise<{ readonly ok: true } | { readonly ok: false; readonly reason: PendingOAuthLinkFailure }> {
  if (deps.config.platform.oauth === undefined) return { ok: false, reason: "oauth_disabled" };
  const consumed = await consumeOAuthState(deps.db, deps.secretBox, { state, now: deps.clock.now() });
  if (!consumed.ok)
    return { ok: false, reason: consumed.reason === "expired" ? "expired_state" : "unknown_state" };
  deps.logger.info(
    { guildId: consumed.grant.guildId, userId: consumed.grant.userId },
    "OAuth link cancelled on the confirm page",
  );
  return { ok: true };
}
