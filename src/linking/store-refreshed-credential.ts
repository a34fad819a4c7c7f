// Storing a refreshed OAuth credential as a compare-and-set on the credential it was refreshed from
// (docs/architecture.md, "Linking"): a refresh that finishes after the member linked another account, linked
// again or unlinked changes nothing, and the caller goes on with whatever is stored now.
import type { LinkingDeps } from "./linking-deps.js";
import { notLinkedError, reauthNeededError } from "./link-errors.js";
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
  deps: Pick<LinkingDeps, "db" | "secretBox" | "clock" | "logger">,
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
    if (current === undefined) throw notLinkedError(member.guildId === undefined);
    if (!isSameCredential(current, refreshedFrom)) return keepCurrent(deps, member, current);
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

/** The same credential, perhaps sealed again under another key since it was read. */
function isSameCredential(a: MemberLink, b: MemberLink): boolean {
  return (
    a.platformUserId === b.platformUserId &&
    a.credentialKind === b.credentialKind &&
    a.credential.accessToken === b.credential.accessToken &&
    a.credential.refreshToken === b.credential.refreshToken
  );
}
