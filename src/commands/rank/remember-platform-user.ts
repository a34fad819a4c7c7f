import type { Kysely } from "kysely";
import type { Clock } from "../../clock.js";
import type { Database } from "../../store/database.js";
import { savePlatformUser } from "../../store/platform-users.js";

export interface SeenPlatformUser {
  readonly platformUserId: string;
  readonly username: string;
  readonly rating?: number | undefined;
  readonly tier?: string | undefined;
}

/**
 * Keeps the read model fresh with ratings a platform answer just showed (a member's own /rank, /profile or
 * /stats, or a global leaderboard page), so /leaderboard server and other members' /rank need no platform
 * call (docs/architecture.md, "Commands"). Fields the answer lacked keep their stored values.
 */
export async function rememberPlatformUser(
  deps: { readonly db: Kysely<Database>; readonly clock: Clock },
  seen: SeenPlatformUser,
): Promise<void> {
  await savePlatformUser(deps.db, {
    platformUserId: seen.platformUserId,
    username: seen.username,
    now: deps.clock.now(),
    ...(seen.rating === undefined ? {} : { rating: seen.rating }),
    ...(seen.tier === undefined ? {} : { tier: seen.tier }),
  });
}
