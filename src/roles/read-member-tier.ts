// A rating change that did not carry the tier (docs/architecture.md, "Tier roles"): the worker reads the
// member's tier with their own linked credential (GET /users/me), as every other platform call does.
import { PlatformError } from "../api/errors.js";
import { getCurrentUser } from "../api/users.js";
import { UserFacingError } from "../discord/user-facing-error.js";
import type { LinkingDeps } from "../linking/linking-deps.js";
import { getMemberSession } from "../linking/member-credential.js";
import type { MemberKey } from "../store/member-links.js";

export interface TierReading {
  readonly tier: string | undefined;
  readonly rating: number | undefined;
}

/** Undefined when the member's credential cannot be used (gone, refused, needs re-linking): their roles stay. */
export type ReadMemberTier = (member: MemberKey) => Promise<TierReading | undefined>;

/** Throws what a retry may fix (the platform unreachable, a rate limit). */
export function createMemberTierReader(deps: LinkingDeps): ReadMemberTier {
  return async (member) => {
    try {
      const { credential } = await getMemberSession(deps, member);
      const user = await getCurrentUser(deps.platform, credential);
      return { tier: user.tier, rating: user.rating };
    } catch (error) {
      if (error instanceof UserFacingError) return undefined;
      if (error instanceof PlatformError && !error.isRateLimit && error.status < 500) return undefined;
      throw error;
    }
  };
}
