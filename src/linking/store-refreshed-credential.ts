// Storing a refreshed OAuth credential as a compare-and-set on the credential it was refreshed from
// (docs/architecture.md, "Linking"): a refresh that finishes after the member linked another account, linked
// again or unlinked changes nothing but the revocation of the tokens it got, and the caller goes on with
// whatever is stored now.
import type { LinkingDeps } from "./linking-deps.js";
import { notLinkedError, reauthNeededError } from "./link-errors.js";
import { revokeDroppedTokens } from "./revoke-dropped-tokens.js";
import {
  findMemberLink,
  type MemberCredential,
  type MemberKey,
  type MemberLink,
  updateMemberCredential,
} from "../store/member-links.js";

// A re-seal under a new key changes the stored text but not the credential; more than a few in the time of
// one store would be a loop, not a rotation.
const maxResealsSeen = 3;

/** The link after the refresh: the refreshed credential when it was stored, else the current link. */
export async function storeRefreshedCredential(
  deps: Pick<LinkingDeps, "db" | "secretBox" | "clock" | "logger" | "config">,
  member: MemberKey,
  refreshedFrom: MemberLink,
  credential: MemberCredential,
): Promise<MemberLink> {
  let expected = refreshedFrom;
  for (let attempt = 0; attempt <= maxResealsSeen; attempt += 1) {
    const stored = await updateMemberCredential(deps.db, deps.secretBox, {
      ...member,
      credentialVersion: expected.credentialVersion,
      credential,
      now: deps.clock.now(),
    });
    if (stored !== undefined) {
      deps.logger.info({ guildId: member.guildId, userId: member.userId }, "refreshed platform access token");
      return stored;
    }
    const current = await findMemberLink(deps.db, deps.secretBox, member);
    if (current === undefined || !isSameCredential(current, refreshedFrom)) {
      // Unlinked or linked again meanwhile: nobody will use these tokens.
      await revokeUnstoredTokens(deps, member, credential, current);
      if (current === undefined) throw notLinkedError(member.guildId === undefined);
      return keepCurrent(deps, member, current);
    }
    expected = current;
  }
  throw new Error("the member's credential kept changing while a refreshed one was stored");
}

function keepCurrent(deps: Pick<LinkingDeps, "logger">, member: MemberKey, current: MemberLink): MemberLink {
  deps.logger.info(
    { guildId: member.guildId, userId: member.userId },
    "a token refresh finished after the member linked again: the newer credential is kept",
  );
  if (current.status === "reauth_needed") throw reauthNeededError();
  return current;
}

/**
 * Revokes the refresh's tokens, unless the link now holds one of them: a platform that does not rotate refresh
 * tokens hands every refresh the same one, which another instance's refresh may have stored, and revoking an
 * access token may revoke its refresh token too (RFC 7009 §2.1).
 */
async function revokeUnstoredTokens(
  deps: Pick<LinkingDeps, "db" | "secretBox" | "clock" | "config" | "logger">,
  member: MemberKey,
  refreshed: MemberCredential,
  current: MemberLink | undefined,
): Promise<void> {
  const held = current?.credential;
  if (held?.accessToken === refreshed.accessToken) return;
  if (refreshed.refreshToken !== undefined && held?.refreshToken === refreshed.refreshToken) return;
  await revokeDroppedTokens(deps, { ...member, tokens: refreshed, cause: "late_refresh" });
}

/** The same credential, perhaps sealed again under another key since it was read. */
function isSameCredential(a: MemberLink, b: MemberLink): boolean {
  return (
    a.platformUserId === b.platformUserId &&
    a.credentialKind === b.credentialKind &&
    a.credential.accessToken === b.credential.accessToken &&
    a.credential.refreshToken === b.credential.refreshToken
  );
}
