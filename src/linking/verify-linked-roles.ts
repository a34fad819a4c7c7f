// The Linked Roles verification as the callback runs it (docs/architecture.md, "Linked Roles"): Discord's
// authorization, then the member's platform account, then their role connection written on Discord.
import { UserFacingError } from "../discord/user-facing-error.js";
import { authorizeLinkedRoles, type LinkedRolesAuthorization } from "./authorize-linked-roles.js";
import type { LinkedRolesSettings } from "./linked-roles-settings.js";
import type { LinkingDeps } from "./linking-deps.js";
import { writeRoleConnection, type RoleConnectionWrite } from "./write-role-connection.js";

export type LinkedRolesVerification =
  | Exclude<LinkedRolesAuthorization, { readonly ok: true }>
  | RoleConnectionWrite
  | { readonly ok: false; readonly reason: "link_unusable" };

export async function verifyLinkedRoles(
  deps: LinkingDeps,
  settings: LinkedRolesSettings,
  request: { readonly state: string; readonly code: string; readonly browserKey: string | undefined },
): Promise<LinkedRolesVerification> {
  const authorized = await authorizeLinkedRoles(deps, settings, request);
  if (!authorized.ok) return authorized;
  try {
    return await writeRoleConnection(deps, settings, {
      userId: authorized.userId,
      discordAccessToken: authorized.accessToken,
    });
  } catch (error) {
    // The platform link needs re-linking, or the platform refused it: the member is told to run /link.
    if (error instanceof UserFacingError) return { ok: false, reason: "link_unusable" };
    throw error;
  }
}
