// The Linked Roles verification as the callback runs it (docs/architecture.md, "Linked Roles"): Discord's
// authorization, then the member's platform account, then their role connection written on Discord.
import { UserFacingError } from "../discord/user-facing-error.js";
import { authorizeLinkedRoles, type LinkedRolesAuthorization } from "./authorize-linked-roles.js";
import { clearRoleConnection } from "./discord-user-api.js";
import type { LinkedRolesSettings } from "./linked-roles-settings.js";
import { platformAccessMisconfigured } from "./link-errors.js";
import type { LinkingDeps } from "./linking-deps.js";
import { startOAuthLink } from "./oauth-link.js";
import {
  isRefusedOwnRecord,
  writeRoleConnection,
  type RoleConnectionWrite,
} from "./write-role-connection.js";

export type LinkedRolesVerification =
  | Exclude<LinkedRolesAuthorization, { readonly ok: true }>
  | RoleConnectionWrite
  | { readonly ok: false; readonly reason: "link_unusable" | "platform_misconfigured" }
  | {
      readonly ok: false;
      /** No link at all, or different accounts in different servers: the platform sign-in decides. */
      readonly reason: "sign_in";
      readonly had: "not_linked" | "several_accounts";
      /** The bot's sign-in link (`/oauth/start/<id>`), as `/link` gives. */
      readonly signInUrl: string;
    };

export async function verifyLinkedRoles(
  deps: LinkingDeps,
  settings: LinkedRolesSettings,
  request: { readonly state: string; readonly code: string; readonly browserKey: string | undefined },
): Promise<LinkedRolesVerification> {
  const authorized = await authorizeLinkedRoles(deps, settings, request);
  if (!authorized.ok) return authorized;
  try {
    const written = await writeRoleConnection(deps, settings, {
      userId: authorized.userId,
      discordAccessToken: authorized.accessToken,
    });
    if (written.ok || deps.config.platform.oauth === undefined) return written;
    // The platform sign-in `/link` uses makes the personal link; its confirmation then writes the connection
    // with the Discord token just stored (docs/architecture.md, "Linked Roles").
    const { url } = await startOAuthLink(
      deps,
      {
        guildId: undefined,
        userId: authorized.userId,
        memberName: authorized.displayName,
        memberUsername: authorized.username,
        guildName: undefined,
      },
      undefined,
      "linked_roles",
    );
    return { ok: false, reason: "sign_in", had: written.reason, signInUrl: url };
  } catch (error) {
    // The bot's own access to the platform failed a refresh: the member's link is fine (link-errors.ts).
    if (error instanceof UserFacingError && error.code === platformAccessMisconfigured)
      return { ok: false, reason: "platform_misconfigured" };
    // The platform link needs re-linking, or the platform refused its credential (a revoked key, a token it
    // no longer takes, one without the permission to read the account) or knows no account behind it (a
    // deleted one): the member is told to run /link, and what an earlier verification showed is cleared, as
    // the page says nothing is shown and the worker would clear it (update-role-connection.ts); a clear
    // Discord refuses fails the verification as any Discord error does.
    if (error instanceof UserFacingError || isRefusedOwnRecord(error)) {
      await clearRoleConnection(settings, authorized.accessToken);
      return { ok: false, reason: "link_unusable" };
    }
    throw error;
  }
}
