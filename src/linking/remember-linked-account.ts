import type { PlatformUser } from "../api/schemas/user.js";
import { savePlatformUser } from "../store/platform-users.js";
import type { LinkingDeps } from "./linking-deps.js";

/** The read model behind `/leaderboard server` learns a member's rating as soon as they link. */
export async function rememberLinkedAccount(
  deps: Pick<LinkingDeps, "db" | "clock">,
  user: PlatformUser,
): Promise<void> {
  await savePlatformUser(deps.db, {
    platformUserId: user.id,
    username: user.username,
    rating: user.rating ?? null,
    tier: user.tier ?? null,
    now: deps.clock.now(),
  });
}
