import type { Kysely } from "kysely";
import type { Database } from "../store/database.js";
import { deleteMemberLink, readCredentialToReplace, type MemberKey } from "../store/member-links.js";
import { queueMemberUnlink } from "../store/member-tier-roles.js";
import { cancelPendingOAuthStates } from "../store/oauth-state-removals.js";
import { queueRoleConnectionOfUser } from "../store/role-connection-writes.js";
import type { LinkingDeps } from "./linking-deps.js";
import { queueAllPendingTokens } from "./pending-credential.js";
import { queueDroppedTokens } from "./revoke-dropped-tokens.js";
import { revokeQueuedTokens } from "./revoke-queued-tokens.js";

/**
 * Forgets the member's credentials in this guild, and the sign-ins they still had pending for it, and queues
 * the OAuth tokens it deleted for revocation in the same transaction, then tries them at once: unlinking
 * succeeds even when the platform cannot be reached, and what it did not answer is revoked later by the
 * revocation worker, after a crash too (docs/architecture.md, "Linking"). The tokens revoked are the ones the
 * delete removed, read in its transaction (locked there on PostgreSQL), so a refresh stored just before the
 * delete is revoked here, and one finishing after it revokes its own.
 */
export async function unlinkMember(
  deps: LinkingDeps,
  member: MemberKey,
): Promise<{ readonly wasLinked: boolean }> {
  // The member's tier roles are removed in the same transaction as the link (docs/architecture.md, "Tier roles"),
  // and their Linked Roles connection is written again, or cleared with no link left ("Linked Roles").
  const { guildId } = member;
  const now = deps.clock.now();
  const { revocation, signIns, wasLinked, rolesQueued, connectionQueued } = await deps.db
    .transaction()
    .execute(async (trx) => ({
      revocation: await queueRemovedTokens(trx, deps, member),
      // Sign-ins still pending for this link: none links again after the unlink, and the tokens a callback
      // already got are queued as the hourly prune would queue them.
      signIns: await queueAllPendingTokens(
        trx,
        deps,
        await cancelPendingOAuthStates(trx, deps.secretBox, member),
      ),
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
  await revokeQueuedTokens(deps, revocation === undefined ? signIns : [revocation, ...signIns]);
  return { wasLinked };
}

/** The link's OAuth tokens, queued before the delete; an API key is the member's to delete on the platform. */
async function queueRemovedTokens(
  trx: Kysely<Database>,
  deps: LinkingDeps,
  member: MemberKey,
): Promise<string | undefined> {
  const removed = await readCredentialToReplace(trx, deps.secretBox, member);
  if (removed?.credentialKind !== "oauth" || removed.credential === undefined) return undefined;
  return queueDroppedTokens(trx, deps, { ...member, tokens: removed.credential, cause: "unlinked" });
}
