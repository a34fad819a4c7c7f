import { revokeToken } from "../oauth/tokens.js";
import { deleteMemberLink, findMemberLink, type MemberKey } from "../store/member-links.js";
import { queueMemberUnlink } from "../store/member-tier-roles.js";
import { queueRoleConnectionOfUser } from "../store/role-connection-writes.js";
import type { LinkingDeps } from "./linking-deps.js";

/**
 * Forgets the member's credentials in this guild. OAuth tokens are revoked first, best effort: unlinking
 * succeeds even when the platform cannot be reached (docs/architecture.md, "Commands").
 */
export async function unlinkMember(
  deps: LinkingDeps,
  member: MemberKey,
): Promise<{ readonly wasLinked: boolean }> {
  const link = await findMemberLink(deps.db, deps.secretBox, member).catch(() => undefined);
  const oauth = deps.config.platform.oauth;
  if (link?.credentialKind === "oauth" && oauth !== undefined) {
    const { refreshToken, accessToken } = link.credential;
    await revokeToken({
      tokenUrl: oauth.tokenUrl,
      clientId: oauth.clientId,
      clientSecret: oauth.clientSecret,
      format: oauth.tokenRequestFormat,
      timeoutMs: Math.min(deps.config.platform.timeoutMs, 5000),
      token: refreshToken ?? accessToken,
      tokenTypeHint: refreshToken === undefined ? "access_token" : "refresh_token",
    });
  }
  // The member's tier roles are removed in the same transaction as the link (docs/architecture.md, "Tier roles"),
  // and their Linked Roles connection is written again, or cleared with no link left ("Linked Roles").
  const { guildId } = member;
  const now = deps.clock.now();
  const { wasLinked, rolesQueued, connectionQueued } = await deps.db.transaction().execute(async (trx) => ({
    wasLinked: await deleteMemberLink(trx, member),
    // A personal link holds no server's roles.
    rolesQueued:
      guildId !== undefined && (await queueMemberUnlink(trx, { guildId, userId: member.userId, now })),
    connectionQueued: await queueRoleConnectionOfUser(trx, {
      userId: member.userId,
      cause: "unlink",
      now,
    }),
  }));
  if (rolesQueued) deps.wakeRoleWorker?.();
  if (connectionQueued) deps.wakeRoleConnectionWorker?.();
  return { wasLinked };
}
