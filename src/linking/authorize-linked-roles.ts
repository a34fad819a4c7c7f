// Discord's answer at the Linked Roles callback (docs/architecture.md, "Linked Roles"): in the browser that
// opened the verification URL, the state is taken out (single use), the code exchanged with the PKCE
// verifier, the member learnt with `GET /users/@me`, and their Discord token stored sealed. The tokens of a
// consent without the scope the connection needs are revoked at Discord.
import { exchangeAuthorizationCode } from "../oauth/tokens.js";
import { takeLinkedRoleState } from "../store/linked-role-states.js";
import { saveRoleConnectionToken } from "../store/role-connections.js";
import { getDiscordUser } from "./discord-user-api.js";
import type { LinkingDeps } from "./linking-deps.js";
import { revokeDroppedTokens } from "./revoke-dropped-tokens.js";
import {
  discordTokenEndpoint,
  type LinkedRolesSettings,
  linkedRolesRedirectUri,
  linkedRolesScopes,
} from "./linked-roles-settings.js";

export type LinkedRolesAuthorization =
  | {
      readonly ok: true;
      readonly userId: string;
      /** The member's Discord names, for the confirm page of a platform sign-in that may follow. */
      readonly username: string;
      readonly displayName: string;
      /** The member's Discord token, for the write that follows; never shown. */
      readonly accessToken: string;
    }
  | { readonly ok: false; readonly reason: "unknown" | "other_browser" | "expired" | "missing_scope" };

export async function authorizeLinkedRoles(
  deps: Pick<LinkingDeps, "db" | "secretBox" | "clock" | "config" | "logger">,
  settings: LinkedRolesSettings,
  request: { readonly state: string; readonly code: string; readonly browserKey: string | undefined },
): Promise<LinkedRolesAuthorization> {
  const taken = await takeLinkedRoleState(deps.db, deps.secretBox, { ...request, now: deps.clock.now() });
  if (!taken.ok) return taken;
  const tokens = await exchangeAuthorizationCode({
    ...discordTokenEndpoint(settings),
    clock: deps.clock,
    requestedScopes: linkedRolesScopes,
    code: request.code,
    codeVerifier: taken.codeVerifier,
    redirectUri: linkedRolesRedirectUri(deps.config.http.publicUrl),
  });
  // A member may untick a scope on Discord's consent screen; without it no connection can be written, and
  // the tokens are nobody's.
  if (!linkedRolesScopes.every((scope) => tokens.scopes.includes(scope))) {
    await revokeDroppedTokens(deps, {
      issuer: "discord",
      guildId: undefined,
      userId: undefined,
      tokens,
      cause: "missing_scope",
    });
    return { ok: false, reason: "missing_scope" };
  }
  let user;
  try {
    user = await getDiscordUser(settings, tokens.accessToken);
    await saveRoleConnectionToken(deps.db, deps.secretBox, {
      userId: user.id,
      credential: {
        accessToken: tokens.accessToken,
        ...(tokens.refreshToken === undefined ? {} : { refreshToken: tokens.refreshToken }),
        ...(tokens.expiresAt === undefined ? {} : { expiresAt: tokens.expiresAt }),
        scopes: [...tokens.scopes],
      },
      now: deps.clock.now(),
    });
  } catch (error) {
    // Neither stored nor going to be: the grant is revoked as every token the bot stops using is, the
    // member verifying again. While the database cannot write the revocation cannot be queued either: it is
    // sent once, unqueued (revoke-dropped-tokens.ts), and the page says why the verification failed.
    await revokeDroppedTokens(deps, {
      issuer: "discord",
      guildId: undefined,
      userId: user?.id,
      tokens,
      cause: "verification_failed",
    }).catch((revocationError: unknown) => {
      deps.logger.warn(
        { err: revocationError },
        "could not queue the revocation of a Linked Roles verification's Discord tokens",
      );
    });
    throw error;
  }
  return {
    ok: true,
    userId: user.id,
    username: user.username,
    displayName: user.global_name ?? user.username,
    accessToken: tokens.accessToken,
  };
}
