import type { Kysely } from "kysely";
import type { Clock } from "../../clock.js";
import type { Database } from "../../store/database.js";
import { savePlatformUser } from "../../store/platform-users.js";
import { recordTierSighting } from "../../store/tiers.js";

export interface SeenPlatformUser {
  readonly platformUserId: string;
  readonly username: string;
  /**
   * The username saved when the member linked, not one the answer showed: names only a user not yet known.
   */
  readonly usernameAsLinked?: boolean;
  readonly rating?: number | undefined;
  readonly tier?: string | undefined;
}

/**
 * Keeps the read model fresh with ratings a platform answer just showed (a member's own /rank or /profile, or
 * a global leaderboard page), so /leaderboard server and other members' /rank need no platform call
 * (docs/architecture.md, "Commands"). Fields the answer lacked keep their stored values. A tier shown is
 * learned with its rating, for tier roles (docs/architecture.md, "Tier roles").
 */
export async function rememberPlatformUser(
  deps: { readonly db: Kysely<Database>; readonly clock: Clock },
  seen: SeenPlatformUser,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await savePlatformUser(trx, {
      platformUserId: seen.platformUserId,
      username: seen.username,
      usernameAsLinked: seen.usernameAsLinked === true,
      now,
      ...(seen.rating === undefined ? {} : { rating: seen.rating }),
      ...(seen.tier === undefined ? {} : { tier: seen.tier }),
    });
    if (seen.tier !== undefined) await recordTierSighting(trx, { tier: seen.tier, rating: seen.rating, now });
  });
}
