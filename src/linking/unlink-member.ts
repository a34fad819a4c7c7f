import { deleteMemberLink, readCredentialToReplace, type MemberKey } from "../store/member-links.js";
import { queueMemberUnlink } from "../store/member-tier-roles.js";
import { queueRoleConnectionOfUser } from "../store/role-connection-writes.js";
import type { LinkingDeps } from "./linking-deps.js";
import { revokeDroppedTokens } from "./revoke-dropped-tokens.js";

/**
 * Forgets the member's credentials in this guild, then revokes the OAuth tokens it deleted, best effort:
 * unlinking succeeds even when the platform cannot be reached (docs/architecture.md, "Linking"). The tokens
 * revoked are the ones the delete removed, read in its transaction (locked there on PostgreSQL), so a refresh
 * stored just before the delete is revoked here, and one finishing after it revokes its own.
 */
export async function unlinkMember(
  deps: LinkingDeps,
  member: MemberKey,
): Promise<{ readonly wasLinked: boolean }> {
  // The member's tier roles are removed in the same transaction as the link (docs/architecture.md, "Tier roles"),
  // and their Linked Roles connection is written again, or cleared with no link left ("Linked Roles").
  const { guildId } = member;
  const now = deps.clock.now();
  const { removed, wasLinked, rolesQueued, connectionQueued } = await deps.db
    .transaction()
    .execute(async (trx) => ({
      removed: await readCredentialToReplace(trx, deps.secretBox, member),
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
  if (removed?.credentialKind === "oauth" && removed.credential !== undefined)
    await revokeDroppedTokens(deps, member, removed.credential, "unlinked");
  return { wasLinked };
}
