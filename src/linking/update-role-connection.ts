// Writing a verified member's role connection again, with their stored Discord token (docs/architecture.md,
// "Linked Roles"): what keeps their profile current after the verification. A token Discord refuses marks
// the connection for re-verification; nothing is written until the member verifies again.
import { DiscordTokenRefusedError } from "./discord-user-api.js";
import type { LinkedRolesSettings } from "./linked-roles-settings.js";
import type { LinkingDeps } from "./linking-deps.js";
import { markTokenRefused, readRoleConnectionToken } from "./role-connection-token.js";
import { writeRoleConnection, type RoleConnectionWrite } from "./write-role-connection.js";

export type RoleConnectionUpdate =
  RoleConnectionWrite | { readonly ok: false; readonly reason: "not_verified" | "reverify_needed" };

export async function updateRoleConnection(
  deps: LinkingDeps,
  settings: LinkedRolesSettings,
  userId: string,
): Promise<RoleConnectionUpdate> {
  const token = await readRoleConnectionToken(deps, settings, userId);
  if (!token.ok) return token;
  try {
    return await writeRoleConnection(deps, settings, {
      userId,
      discordAccessToken: token.connection.credential.accessToken,
    });
  } catch (error) {
    if (!(error instanceof DiscordTokenRefusedError)) throw error;
    await markTokenRefused(deps, token.connection);
    return { ok: false, reason: "reverify_needed" };
  }
}
