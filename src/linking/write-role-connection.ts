// The platform step of the Linked Roles verification (docs/architecture.md, "Linked Roles"): the member's
// platform account is the one they linked with /link, when every server they linked in holds the same one;
// its profile and stats, read with their own credential, become their role connection on Discord.
import { getCurrentUser, getCurrentUserStats } from "../api/users.js";
import { listActiveLinksOfUser } from "../store/member-links.js";
import { recordRoleConnectionAccount } from "../store/role-connections.js";
import { listTiers } from "../store/tiers.js";
import { putRoleConnection } from "./discord-user-api.js";
import type { LinkedRolesSettings } from "./linked-roles-settings.js";
import type { LinkingDeps } from "./linking-deps.js";
import { getMemberSession } from "./member-credential.js";
import { describeRoleConnection } from "./role-connection-values.js";

export type RoleConnectionWrite =
  | { readonly ok: true; readonly platformUsername: string }
  | { readonly ok: false; readonly reason: "not_linked" | "several_accounts" };

export async function writeRoleConnection(
  deps: LinkingDeps,
  settings: LinkedRolesSettings,
  member: { readonly userId: string; readonly discordAccessToken: string },
): Promise<RoleConnectionWrite> {
  const links = await listActiveLinksOfUser(deps.db, member.userId);
  const [link] = links;
  if (link === undefined) return { ok: false, reason: "not_linked" };
  // Two servers may hold two different accounts: the bot does not guess which one the profile should show.
  if (links.some((other) => other.platformUserId !== link.platformUserId))
    return { ok: false, reason: "several_accounts" };
  const { credential } = await getMemberSession(deps, { guildId: link.guildId, userId: member.userId });
  const user = await getCurrentUser(deps.platform, credential);
  const stats = await getCurrentUserStats(deps.platform, credential);
  const body = describeRoleConnection(user, stats, await listTiers(deps.db));
  await putRoleConnection(settings, member.discordAccessToken, body);
  await recordRoleConnectionAccount(deps.db, {
    userId: member.userId,
    platformUserId: user.id,
    platformUsername: user.username,
    now: deps.clock.now(),
  });
  return { ok: true, platformUsername: user.username };
}
