// The member's Discord token for their role connection (docs/architecture.md, "Linked Roles"): refreshed when
// it expires within a minute, one refresh at a time per member, stored before use and only over the token it
// was refreshed from (or that token sealed again under a new key meanwhile), and asked for only while the
// database takes writes, as a platform link's refresh is. A refresh Discord refuses with `invalid_grant` (the
// member removed the app's authorization) marks the connection for re-verification.
import { OAuthError } from "../oauth/errors.js";
import { refreshAccessToken } from "../oauth/tokens.js";
import {
  findRoleConnection,
  markRoleConnectionReverifyNeeded,
  type RoleConnection,
  updateRoleConnectionToken,
} from "../store/role-connections.js";
import type { MemberCredential } from "../store/link-credential.js";
import { discordTokenEndpoint, type LinkedRolesSettings } from "./linked-roles-settings.js";
import { type LinkingDeps, refreshMarginMs } from "./linking-deps.js";
import { mayRefreshNow } from "./member-credential.js";
import { revokeDroppedTokens } from "./revoke-dropped-tokens.js";
import type { RevocationDeps } from "./revoke-queued-tokens.js";

export type RoleConnectionToken =
  | { readonly ok: true; readonly connection: RoleConnection }
  | { readonly ok: false; readonly reason: "not_verified" | "reverify_needed" };

type TokenDeps = RevocationDeps & Pick<LinkingDeps, "refreshes" | "config" | "writeHealth">;

function needsRefresh(connection: RoleConnection, now: number): boolean {
  const { expiresAt, refreshToken } = connection.credential;
  return refreshToken !== undefined && expiresAt !== undefined && expiresAt - now < refreshMarginMs;
}

function describe(connection: RoleConnection | undefined): RoleConnectionToken {
  if (connection === undefined) return { ok: false, reason: "not_verified" };
  if (connection.status === "reverify_needed") return { ok: false, reason: "reverify_needed" };
  return { ok: true, connection };
}

/** The member's connection with a usable token; errors other than a refused grant propagate. */
export async function readRoleConnectionToken(
  deps: TokenDeps,
  settings: LinkedRolesSettings,
  userId: string,
): Promise<RoleConnectionToken> {
  const found = describe(await findRoleConnection(deps.db, deps.secretBox, userId));
  if (!found.ok || !needsRefresh(found.connection, deps.clock.now())) return found;
  return deps.refreshes.runOnce(`role-connection:${userId}`, () => refresh(deps, settings, userId));
}

async function refresh(
  deps: TokenDeps,
  settings: LinkedRolesSettings,
  userId: string,
): Promise<RoleConnectionToken> {
  // Read again inside the single flight: another caller may have refreshed while we waited.
  const found = describe(await findRoleConnection(deps.db, deps.secretBox, userId));
  if (!found.ok) return found;
  const { connection } = found;
  const { refreshToken } = connection.credential;
  if (!needsRefresh(connection, deps.clock.now()) || refreshToken === undefined) return found;
  // Discord takes the refresh token back when it answers: one whose answer cannot be stored would leave the
  // member to verify again.
  const { expiresAt } = connection.credential;
  if (!(await mayRefreshNow(deps, expiresAt !== undefined && expiresAt > deps.clock.now()))) return found;
  try {
    const tokens = await refreshAccessToken({
      ...discordTokenEndpoint(settings),
      clock: deps.clock,
      refreshToken,
      requestedScopes: connection.credential.scopes,
    });
    return describe(
      await storeRefreshedToken(deps, connection, {
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken ?? refreshToken,
        ...(tokens.expiresAt === undefined ? {} : { expiresAt: tokens.expiresAt }),
        scopes: tokens.scopes.length > 0 ? [...tokens.scopes] : [...(connection.credential.scopes ?? [])],
      }),
    );
  } catch (error) {
    if (!(error instanceof OAuthError) || error.code !== "invalid_grant") throw error;
    await markRoleConnectionReverifyNeeded(deps.db, {
      userId,
      credentialVersion: connection.credentialVersion,
      now: deps.clock.now(),
    });
    return describe(await findRoleConnection(deps.db, deps.secretBox, userId));
  }
}

// A re-seal under a new key changes the stored text but not the token; more than a few in the time of one
// store would be a loop, not a rotation.
const maxResealsSeen = 3;

/**
 * Stores the refreshed token only over the one it was refreshed from, that token sealed again under a new key
 * meanwhile included (Discord has spent the old refresh token: keeping it would lose the connection). Stored
 * over nothing when the member verified again meanwhile or the row went (then revoked at Discord): what is
 * stored now is returned.
 */
async function storeRefreshedToken(
  deps: TokenDeps,
  refreshedFrom: RoleConnection,
  credential: MemberCredential,
): Promise<RoleConnection | undefined> {
  const { userId } = refreshedFrom;
  let expected = refreshedFrom.credentialVersion;
  for (let attempt = 0; attempt <= maxResealsSeen; attempt += 1) {
    const stored = await updateRoleConnectionToken(deps.db, deps.secretBox, {
      userId,
      credentialVersion: expected,
      credential,
      now: deps.clock.now(),
    });
    if (stored !== undefined) return stored;
    const current = await findRoleConnection(deps.db, deps.secretBox, userId);
    if (current === undefined) {
      // The connection went (its member unlinked everywhere) while Discord refreshed it: nothing will use the
      // refreshed pair, revoked as a link's late refresh is (store-refreshed-credential.ts). Not while the
      // member verified again: Discord may end the whole authorisation with any of its tokens, the new one's
      // too. A revocation that cannot be queued is logged; the answer stands.
      await revokeDroppedTokens(deps, {
        issuer: "discord",
        guildId: undefined,
        userId,
        tokens: credential,
        cause: "late_refresh",
      }).catch((error: unknown) => {
        deps.logger.warn(
          { userId, err: error },
          "could not queue the revocation of a refreshed Discord token",
        );
      });
      return current;
    }
    if (!isSameToken(current.credential, refreshedFrom.credential)) return current;
    expected = current.credentialVersion;
  }
  throw new Error("the member's Discord token kept changing while a refreshed one was stored");
}

function isSameToken(a: MemberCredential, b: MemberCredential): boolean {
  return a.accessToken === b.accessToken && a.refreshToken === b.refreshToken;
}

/** Discord refused the token itself (401): revoked; the member must open the verification URL again. */
export async function markTokenRefused(deps: TokenDeps, connection: RoleConnection): Promise<void> {
  await markRoleConnectionReverifyNeeded(deps.db, {
    userId: connection.userId,
    credentialVersion: connection.credentialVersion,
    now: deps.clock.now(),
  });
}
