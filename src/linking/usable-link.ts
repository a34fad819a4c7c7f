// The member's link as stored now, to call the platform with: an unlinked member and a link that needs a new
// sign-in are told so (link-errors.ts).
import { findMemberLink, type MemberKey, type MemberLink } from "../store/member-links.js";
import { notLinkedError, reauthNeededError } from "./link-errors.js";
import type { LinkingDeps } from "./linking-deps.js";

export async function readUsableLink(
  deps: Pick<LinkingDeps, "db" | "secretBox">,
  member: MemberKey,
): Promise<MemberLink> {
  const link = await findMemberLink(deps.db, deps.secretBox, member);
  if (link === undefined) throw notLinkedError(member.guildId === undefined);
  if (link.status === "reauth_needed") throw reauthNeededError();
  return link;
}
