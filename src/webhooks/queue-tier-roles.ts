// What an event does for tier roles, in the transaction that stores it (docs/architecture.md, "Tier roles"):
// the tiers it shows are learned, and a rating change queues the member's role in every server where that
// player is linked and roles are on. Tiers are learned from the operator's webhook only: a server's own
// endpoint is signed with a secret its admins chose, and a made-up tier must not reach other servers. On such
// an endpoint a tier the bot has not seen is read with the member's own credential instead.
import type { Kysely } from "kysely";
import type { KnownPlatformEvent } from "../events/platform-event.js";
import type { Database } from "../store/database.js";
import { queueRatingOfPlatformUser } from "../store/member-tier-roles.js";
import { saveRatingFromEvent } from "../store/platform-users.js";
import { isKnownTier, recordTierSighting } from "../store/tiers.js";
import { routingGuildOf, type EventSource } from "./event-source.js";

/** Returns how many members' roles were queued. */
export async function queueTierRoles(
  trx: Kysely<Database>,
  event: KnownPlatformEvent,
  input: { readonly source: EventSource; readonly now: number },
): Promise<number> {
  const trusted = input.source.type === "operator";
  if (trusted) {
    for (const sighting of listTierSightings(event)) {
      await recordTierSighting(trx, { ...sighting, now: input.now });
    }
  }
  if (event.kind !== "user.rating_changed") return 0;
  const { data } = event;
  if (data.newRating === undefined && data.tier === undefined) return 0;
  // The read model a reconcile starts from (and /leaderboard server) follows the platform's own events.
  if (trusted) {
    await saveRatingFromEvent(trx, {
      platformUserId: data.user.id,
      rating: data.newRating,
      tier: data.tier,
      createdAt: event.createdAt,
    });
  }
  const tier =
    data.tier !== undefined && (trusted || (await isKnownTier(trx, data.tier))) ? data.tier : undefined;
  return queueRatingOfPlatformUser(trx, {
    guildId: routingGuildOf(input.source),
    platformUserId: data.user.id,
    rating: data.newRating ?? null,
    tier,
    ratedAt: event.createdAt,
    now: input.now,
  });
}

function listTierSightings(
  event: KnownPlatformEvent,
): { readonly tier: string; readonly rating: number | undefined }[] {
  const seen = (tier: string | undefined, rating: number | undefined) =>
    tier === undefined ? [] : [{ tier, rating }];
  switch (event.kind) {
    case "user.rating_changed":
      return [
        ...seen(event.data.tier, event.data.newRating),
        ...seen(event.data.previousTier, event.data.oldRating),
      ];
    case "user.registered":
      return seen(event.data.tier, event.data.rating);
    case "system.leaderboard_updated":
      return event.data.top.flatMap((entry) => seen(entry.tier, entry.rating));
    default:
      return [];
  }
}
