// Writing a verified member's role connection again, with their stored Discord token (docs/architecture.md,
// "Linked Roles"): what keeps their profile current after the verification, called by the role connection
// worker for each queued member. A token Discord refuses marks the connection for re-verification; nothing is
// written until the member verifies again. A member with no usable link (none, or the one shown needing
// re-authorisation or refused by the platform), or whose servers hold different accounts, has their
// connection cleared; with no link left at all, their sealed token is forgotten too, and revoked at Discord
// as every token the bot stops using is (revoke-dropped-tokens.ts).
import { PlatformError } from "../api/errors.js";
import { UserFacingError } from "../discord/user-facing-error.js";
import { isLinkedAnywhere } from "../store/linked-members.js";
import { hasPendingLinkedRolesSignIn } from "../store/oauth-states.js";
import { deleteRoleConnection, findRoleConnection, type RoleConnection } from "../store/role-connections.js";
import { clearRoleConnection, DiscordTokenRefusedError, DiscordUserApiError } from "./discord-user-api.js";
import type { LinkedRolesSettings } from "./linked-roles-settings.js";
import { reauthNeeded } from "./link-errors.js";
import type { LinkingDeps } from "./linking-deps.js";
import { markTokenRefused, readRoleConnectionToken } from "./role-connection-token.js";
import { queueDroppedTokens } from "./revoke-dropped-tokens.js";
import { revokeQueuedTokens } from "./revoke-queued-tokens.js";
import { isRefusedOwnRecord, writeRoleConnection } from "./write-role-connection.js";

export type RoleConnectionUpdate =
  | { readonly ok: true; readonly platformUsername: string }
  | { readonly ok: false; readonly reason: "not_verified" | "reverify_needed" }
  /** Cleared on Discord; `forgotten` when the sealed token went too (no link left in any server). */
  | { readonly ok: false; readonly reason: "not_linked"; readonly cleared: true; readonly forgotten: boolean }
  | { readonly ok: false; readonly reason: "several_accounts"; readonly cleared: true }
  /**
   * Cleared on Discord: the link the profile shows needs re-authorisation, or the platform refuses its
   * credential; the member links again, and the next write shows it.
   */
  | { readonly ok: false; readonly reason: "link_unusable"; readonly cleared: true };

export async function updateRoleConnection(
  deps: LinkingDeps,
  settings: LinkedRolesSettings,
  userId: string,
): Promise<RoleConnectionUpdate> {
  const token = await readRoleConnectionToken(deps, settings, userId);
  if (!token.ok) {
    // A refused token cannot clear anything: with no link left, it is only forgotten.
    if (token.reason === "reverify_needed") {
      const stored = await findRoleConnection(deps.db, deps.secretBox, userId);
      if (stored !== undefined) await forgetIfUnlinked(deps, stored);
    }
    return token;
  }
  const { connection } = token;
  const accessToken = connection.credential.accessToken;
  try {
    let written;
    try {
      written = await writeRoleConnection(deps, settings, { userId, discordAccessToken: accessToken });
    } catch (error) {
      if (!isUnusableLink(error)) throw error;
      // Values of the last write would otherwise stay on the profile, meeting role requirements, for good.
      await clearRoleConnection(settings, accessToken);
      return { ok: false, reason: "link_unusable", cleared: true };
    }
    if (written.ok) return written;
    await clearRoleConnection(settings, accessToken);
    if (written.reason === "several_accounts")
      return { ok: false, reason: "several_accounts", cleared: true };
    return {
      ok: false,
      reason: "not_linked",
      cleared: true,
      forgotten: await forgetIfUnlinked(deps, connection, { keepWhileSigningIn: true }),
    };
  } catch (error) {
    if (!(error instanceof DiscordTokenRefusedError)) throw error;
    await markTokenRefused(deps, connection);
    await forgetIfUnlinked(deps, connection);
    return { ok: false, reason: "reverify_needed" };
  }
}

/**
 * No link left in any server: nothing will be written with the token again, so the sealed row goes, only while
 * it holds the token read (a member who verified again meanwhile keeps theirs), and the token is queued for
 * revocation at Discord in the same transaction, tried once it is committed. Returns whether it went. With
 * `keepWhileSigningIn`, a member whose Linked Roles sign-in is still open keeps it: the personal link that
 * sign-in makes is written with it (as the hourly prune of tokens never linked spares it too).
 */
async function forgetIfUnlinked(
  deps: LinkingDeps,
  connection: RoleConnection,
  options: { readonly keepWhileSigningIn?: boolean } = {},
): Promise<boolean> {
  const { userId } = connection;
  const { forgotten, revocation } = await deps.db.transaction().execute(async (trx) => {
    if (await isLinkedAnywhere(trx, userId)) return { forgotten: false, revocation: undefined };
    if (
      options.keepWhileSigningIn === true &&
      (await hasPendingLinkedRolesSignIn(trx, { userId, now: deps.clock.now() }))
    ) {
      return { forgotten: false, revocation: undefined };
    }
    const deleted = await deleteRoleConnection(trx, {
      userId,
      credentialVersion: connection.credentialVersion,
    });
    if (!deleted) return { forgotten: false, revocation: undefined };
    const id = await queueDroppedTokens(trx, deps, {
      issuer: "discord",
      guildId: undefined,
      userId,
      tokens: connection.credential,
      cause: "unlinked",
    });
    return { forgotten: true, revocation: id };
  });
  await revokeQueuedTokens(deps, revocation);
  return forgotten;
}

/** The chosen link needs re-authorisation, or the platform refuses it or knows no account behind it. */
function isUnusableLink(error: unknown): boolean {
  if (error instanceof UserFacingError) return error.code === reauthNeeded;
  return isRefusedOwnRecord(error);
}

/** How long a failed update was asked to wait: Discord's 429 or the platform's, in milliseconds. */
export function readUpdateRetryAfterMs(error: unknown): number | undefined {
  if (error instanceof DiscordUserApiError) return error.details.retryAfterMs;
  if (error instanceof PlatformError && error.isRateLimit && error.retryAfter !== undefined)
    return error.retryAfter * 1000;
  return undefined;
}
