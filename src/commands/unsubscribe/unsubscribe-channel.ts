// /unsubscribe as a use case: removes some kinds from a channel's route, or the whole route when no kinds are
// named or none would remain (docs/architecture.md, "Commands"), and takes back the posts of those kinds the
// route queued and no worker holds yet (src/store/route-posts.ts).
import type { Kysely } from "kysely";
import { UserFacingError } from "../../discord/user-facing-error.js";
import type { EventKind } from "../../events/event-kinds.js";
import type { Database } from "../../store/database.js";
import { dropRoutePosts } from "../../store/route-posts.js";
import { deleteSubscription, listGuildSubscriptions, updateSubscription } from "../../store/subscriptions.js";
import { describeEventKinds, sortEventKinds } from "../../display/event-kind-labels.js";
import { retryRouteChange } from "../retry-route-change.js";

export type UnsubscribeOutcome = (
  | { readonly result: "removed"; readonly channelId: string }
  | {
      readonly result: "reduced";
      readonly channelId: string;
      readonly removed: readonly EventKind[];
      readonly remaining: readonly EventKind[];
    }
) & {
  /** Posts of the removed kinds that were queued for the channel and will not be sent. */
  readonly droppedPosts: number;
};

export interface UnsubscribeRequest {
  readonly guildId: string;
  readonly channelId: string;
  /** Undefined: the whole route. */
  readonly kinds: readonly EventKind[] | undefined;
  readonly now: number;
}

export async function unsubscribeChannel(
  db: Kysely<Database>,
  request: UnsubscribeRequest,
): Promise<UnsubscribeOutcome> {
  return retryRouteChange("/unsubscribe", () => tryUnsubscribeChannel(db, request));
}

/** Signals, inside the transaction, that the route changed after it was read: the transaction rolls back. */
class RouteChangedMeanwhile extends Error {}

/** One read and change of the channel's route; undefined when another change came between them. */
async function tryUnsubscribeChannel(
  db: Kysely<Database>,
  request: UnsubscribeRequest,
): Promise<UnsubscribeOutcome | undefined> {
  const { guildId, channelId } = request;
  // Read and changed in one transaction, the queued posts' drop with them: a webhook stored before queued its
  // post before (and it is dropped), one after routes by the changed route. On PostgreSQL a webhook whose
  // routing read the route just before this commits may still queue its post: one, at the same moment. Each
  // route is changed only as it was read (a compare-and-set on `updated_at`, as /subscribe changes it): a
  // /subscribe that added kinds between this read and this write (PostgreSQL runs both at once) is read
  // again, not overwritten.
  const changed = await db
    .transaction()
    .execute(async (trx) => {
      const routes = (await listGuildSubscriptions(trx, guildId)).filter(
        (route) => route.channelId === channelId,
      );
      if (routes.length === 0) {
        throw new UserFacingError(
          "not_subscribed",
          `<#${channelId}> has no subscription. \`/subscriptions\` lists this server's routes.`,
        );
      }
      const had = sortEventKinds(routes.flatMap((route) => route.eventKinds));
      // The kinds to stop: those named, or every kind the route has.
      const stop = request.kinds ?? had;
      const removed = had.filter((kind) => stop.includes(kind));
      if (removed.length === 0) {
        throw new UserFacingError(
          "kinds_not_subscribed",
          `<#${channelId}> does not receive ${describeEventKinds(stop)}; it receives **${describeEventKinds(had)}**.`,
        );
      }
      let dropped = 0;
      for (const route of routes) {
        const remaining = route.eventKinds.filter((kind) => !stop.includes(kind));
        if (remaining.length === route.eventKinds.length) continue;
        const key = { guildId, id: route.id, expectedUpdatedAt: route.updatedAt };
        const written =
          remaining.length === 0
            ? await deleteSubscription(trx, key)
            : (await updateSubscription(trx, {
                ...key,
                eventKinds: remaining,
                filters: route.filters,
                now: request.now,
              })) !== undefined;
        if (!written) throw new RouteChangedMeanwhile();
        dropped += await dropRoutePosts(trx, {
          guildId,
          subscriptionId: route.id,
          kinds: remaining.length === 0 ? undefined : route.eventKinds.filter((kind) => stop.includes(kind)),
          now: request.now,
        });
      }
      return { had, removed, droppedPosts: dropped };
    })
    .catch((error: unknown) => {
      if (error instanceof RouteChangedMeanwhile) return undefined;
      throw error;
    });
  if (changed === undefined) return undefined;
  const { had, removed, droppedPosts } = changed;
  const remaining = had.filter((kind) => !removed.includes(kind));
  return remaining.length === 0
    ? { result: "removed", channelId, droppedPosts }
    : { result: "reduced", channelId, removed, remaining, droppedPosts };
}

export function describeUnsubscribeOutcome(outcome: UnsubscribeOutcome): string {
  const said =
    outcome.result === "removed"
      ? `Removed the subscription of <#${outcome.channelId}>: the bot no longer posts events there.`
      : `<#${outcome.channelId}> no longer receives **${describeEventKinds(outcome.removed)}**.\n` +
        `It still receives **${describeEventKinds(outcome.remaining)}**.`;
  const { droppedPosts } = outcome;
  if (droppedPosts === 0) return said;
  const posts = droppedPosts === 1 ? "1 post that was" : `${droppedPosts} posts that were`;
  return `${said}\n${posts} still waiting to go out there will not be sent.`;
}
