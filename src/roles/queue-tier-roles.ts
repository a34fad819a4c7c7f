// What an event does for tier roles, in the transaction that stores it (docs/architecture.md, "Tier roles"):
// the tiers it shows are learned, and a rating change queues the member's role in every server where that
// player is linked and roles are on. Tiers are learned from the operator's webhook only: a server's own
// endpoint is signed with a secret its admins chose, and a made-up tier must not reach other servers. On such
// an endpoint a tier the bot has not seen is read with the member's own credential instead.
import type { KnownPlatformEvent } from "../events/platform-event.js";
import {
  eachStoredEvent,
  nothingQueued,
  type EventStoredSubscriber,
} from "../store/event-stored-subscribers.js";
import { queueRatingOfPlatformUser } from "../store/member-tier-roles.js";
import { saveRatingFromEvent } from "../store/platform-users.js";
import { isKnownTier, recordTierSightings } from "../store/tiers.js";

/** Reports in `rolesQueued` how many members' roles were queued. */
export const queueTierRoles: EventStoredSubscriber = eachStoredEvent(async (trx, event, context) => {
  const trusted = context.fromOperator;
  if (trusted) {
    await recordTierSightings(trx, listTierSightings(event), context.now);
  }
  if (event.kind !== "user.rating_changed") return nothingQueued;
  const { data } = event;
  if (data.newRating === undefined && data.tier === undefined) return nothingQueued;
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
  const rolesQueued = await queueRatingOfPlatformUser(trx, {
    guildId: context.guildId,
    platformUserId: data.user.id,
    rating: data.newRating ?? null,
    tier,
    ratedAt: event.createdAt,
    now: context.now,
  });
  return { rolesQueued };
});

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
