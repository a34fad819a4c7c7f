import type { PlatformUser } from "../api/schemas/user.js";
import { queueLinkedMemberRating } from "../store/member-tier-roles.js";
import { saveMemberLink, type MemberLink, type MemberLinkInput } from "../store/member-links.js";
import { savePlatformUser } from "../store/platform-users.js";
import { recordTierSighting } from "../store/tiers.js";
import type { LinkingDeps } from "./linking-deps.js";

/**
 * Stores the link, and in the same transaction what it tells: the read model behind `/leaderboard server`
 * learns the member's rating, the tier is learned, and the member's tier role is queued where the server syncs
 * them (docs/architecture.md, "Linking", "Tier roles").
 */
export async function saveLinkedAccount(
  deps: Pick<LinkingDeps, "db" | "clock" | "secretBox" | "wakeRoleWorker">,
  input: MemberLinkInput,
  user: PlatformUser,
): Promise<MemberLink> {
  const now = deps.clock.now();
  const { link, queued } = await deps.db.transaction().execute(async (trx) => {
    const saved = await saveMemberLink(trx, deps.secretBox, input);
    await savePlatformUser(trx, {
      platformUserId: user.id,
      username: user.username,
      rating: user.rating ?? null,
      tier: user.tier ?? null,
      now,
    });
    if (user.tier !== undefined) await recordTierSighting(trx, { tier: user.tier, rating: user.rating, now });
    // A personal link belongs to no server, so it holds no server's tier role.
    if (input.guildId === undefined) return { link: saved, queued: false };
    const roleQueued = await queueLinkedMemberRating(trx, {
      guildId: input.guildId,
      userId: input.userId,
      platformUserId: user.id,
      rating: user.rating ?? null,
      // An account without a tier holds no tier role.
      tier: user.tier ?? "",
      ratedAt: now,
      cause: "link",
      now,
    });
    return { link: saved, queued: roleQueued };
  });
  if (queued) deps.wakeRoleWorker?.();
  return link;
}
