// The platform step of the Linked Roles verification (docs/architecture.md, "Linked Roles"): the member's
// platform account is their personal link when they have one (the profile is shown outside any server, where
// that link is theirs), else the one they linked with /link when every server they linked in holds the same
// one; its profile and stats, read with their own credential, become their role connection on Discord.
import { PlatformError } from "../api/errors.js";
import { getCurrentUser, getCurrentUserStats } from "../api/users.js";
import { findMemberLink, type MemberKey } from "../store/member-links.js";
import { listLinksOfUser } from "../store/linked-members.js";
import { recordRoleConnectionAccount } from "../store/role-connections.js";
import { listTiers, recordTierSighting } from "../store/tiers.js";
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
  const chosen = await chooseLink(deps, member.userId);
  if (!chosen.ok) return chosen;
  const { credential } = await getMemberSession(deps, chosen.key);
  const user = await getCurrentUser(deps.platform, credential);
  const stats = await getCurrentUserStats(deps.platform, credential);
  // The member's own tier, learned here when no event or read taught it yet, so that its rank is written too.
  // In a transaction of its own: a sighting that reorders the tiers queues the connections in its commit.
  if (user.tier !== undefined) {
    const sighting = { tier: user.tier, rating: user.rating, now: deps.clock.now() };
    await deps.db.transaction().execute((trx) => recordTierSighting(trx, sighting));
  }
  const body = describeRoleConnection(user, stats, await listTiers(deps.db));
  await putRoleConnection(settings, member.discordAccessToken, body);
  try {
    await recordRoleConnectionAccount(deps.db, {
      userId: member.userId,
      platformUserId: user.id,
      platformUsername: user.username,
      now: deps.clock.now(),
    });
  } catch (error) {
    throw new UnrecordedRoleConnectionError(user.username, error);
  }
  return { ok: true, platformUsername: user.username };
}

/**
 * Discord took the connection, but the account it was written with could not be recorded (the database):
 * a failure to retry like any other, whose write a caller showing the result may still report as made.
 */
export class UnrecordedRoleConnectionError extends Error {
  override readonly name = "UnrecordedRoleConnectionError";

  constructor(
    readonly platformUsername: string,
    cause: unknown,
  ) {
    super("the role connection was written, but the account it shows could not be recorded", { cause });
  }
}

/**
 * How the platform answers the member's own reads here when only linking again helps: 401 or 403 (a revoked
 * key, a token it no longer takes, one lacking the permission to read the account) or 404 (no account behind
 * the credential, a deleted one, as `/whoami` tells it: src/commands/explain-missing-own-record.ts).
 */
export function isRefusedOwnRecord(error: unknown): boolean {
  return (
    error instanceof PlatformError && (error.status === 401 || error.status === 403 || error.status === 404)
  );
}

/**
 * Which link the profile shows; a link needing re-authorisation is still the member's choice. Every server
 * link counts, whatever its state: the account is theirs only when all hold the same one, and a link of it
 * that works is read; when none does, the one that needs renewing is, which the verification then clears the
 * connection for and says to link again (update-role-connection.ts).
 */
async function chooseLink(
  deps: LinkingDeps,
  userId: string,
): Promise<
  { readonly ok: true; readonly key: MemberKey } | Extract<RoleConnectionWrite, { readonly ok: false }>
> {
  const personal = { guildId: undefined, userId };
  if ((await findMemberLink(deps.db, deps.secretBox, personal)) !== undefined)
    return { ok: true, key: personal };
  const links = await listLinksOfUser(deps.db, userId);
  const [first] = links;
  if (first === undefined) return { ok: false, reason: "not_linked" };
  // Two servers may hold two different accounts: the bot does not guess which one the profile should show;
  // the member chooses by signing in (verify-linked-roles.ts), which makes that account their personal link.
  if (links.some((other) => other.platformUserId !== first.platformUserId))
    return { ok: false, reason: "several_accounts" };
  const link = links.find((candidate) => candidate.status === "active") ?? first;
  return { ok: true, key: { guildId: link.guildId, userId } };
}
