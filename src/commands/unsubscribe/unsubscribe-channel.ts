// /unsubscribe as a use case: removes some kinds from a channel's route, or the whole route when no kinds
// are named or none would remain (docs/architecture.md, "Commands").
import type { Kysely } from "kysely";
import { UserFacingError } from "../../discord/user-facing-error.js";
import type { EventKind } from "../../events/event-kinds.js";
import type { Database } from "../../store/database.js";
import { deleteSubscription, listGuildSubscriptions, updateSubscription } from "../../store/subscriptions.js";
import { describeEventKinds, sortEventKinds } from "../../display/event-kind-labels.js";

export type UnsubscribeOutcome =
  | { readonly result: "removed"; readonly channelId: string }
  | {
      readonly result: "reduced";
      readonly channelId: string;
      readonly removed: readonly EventKind[];
      readonly remaining: readonly EventKind[];
    };

export async function unsubscribeChannel(
  db: Kysely<Database>,
  request: {
    readonly guildId: string;
    readonly channelId: string;
    /** Undefined: the whole route. */
    readonly kinds: readonly EventKind[] | undefined;
    readonly now: number;
  },
): Promise<UnsubscribeOutcome> {
  const { guildId, channelId } = request;
  const routes = (await listGuildSubscriptions(db, guildId)).filter((route) => route.channelId === channelId);
  if (routes.length === 0) {
    throw new UserFacingError(
      "not_subscribed",
      `<#${channelId}> has no subscription. \`/subscriptions\` lists this server's routes.`,
    );
  }
  const had = sortEventKinds(routes.flatMap((route) => route.eventKinds));
  const stop = request.kinds ?? had;
  const removed = had.filter((kind) => stop.includes(kind));
  if (removed.length === 0) {
    throw new UserFacingError(
      "kinds_not_subscribed",
      `<#${channelId}> does not receive ${describeEventKinds(stop)}; it receives **${describeEventKinds(had)}**.`,
    );
  }
  for (const route of routes) {
    const remaining = route.eventKinds.filter((kind) => !stop.includes(kind));
    if (remaining.length === 0) await deleteSubscription(db, { guildId, id: route.id });
    else if (remaining.length < route.eventKinds.length)
      await updateSubscription(db, {
        guildId,
        id: route.id,
        eventKinds: remaining,
        filters: route.filters,
        now: request.now,
      });
  }
  const remaining = had.filter((kind) => !stop.includes(kind));
  return remaining.length === 0
    ? { result: "removed", channelId }
    : { result: "reduced", channelId, removed, remaining };
}

export function describeUnsubscribeOutcome(outcome: UnsubscribeOutcome): string {
  if (outcome.result === "removed")
    return `Removed the subscription of <#${outcome.channelId}>: the bot no longer posts events there.`;
  return (
    `<#${outcome.channelId}> no longer receives **${describeEventKinds(outcome.removed)}**.\n` +
    `It still receives **${describeEventKinds(outcome.remaining)}**.`
  );
}
