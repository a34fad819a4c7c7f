// Which channels an event reaches, decided from rows already loaded (docs/architecture.md, "Routing"):
// - a battle event edits that battle's card in every guild where /battle create posted one (whatever the
//   subscriptions say: the card is the live view of the battle), and is posted to subscribed channels;
// - a rating change is posted only in guilds where that user is linked;
// - anything else (tournament starts included) is posted to every subscribed channel;
// - a test delivery is posted as any event of its kind, and edits no card (docs/platform-assumptions.md, "Test
//   deliveries").
// - a battle card with a thread (src/store/message-threads.ts) has its battle's events posted there instead of
//   in its channel, but for the result, which the channel gets too; the result archives the thread. A route
//   choosing battle updates in the channel keeps them there.
// - a tournament's rating changes go into that tournament's thread (src/store/message-threads.ts) in a channel
//   that has one, summarised there as in a channel; the same route choice keeps them in the channel.
// Subscription filters apply to posts; one channel gets one post per event however many subscriptions match.
// A guild the bot was removed from gets nothing, neither posts nor card edits (docs/architecture.md, "When the
// bot leaves a server").
import { cardBattleId, isBattleResult } from "../events/card-battle-id.js";
import type { KnownPlatformEvent } from "../events/platform-event.js";
import type { BattleCard } from "../store/battle-cards.js";
import type { OutboxAction } from "../store/outbox.js";
import type { Subscription } from "../store/subscriptions.js";
import type { TournamentThread } from "../store/tournament-threads.js";
import { readEventFacets } from "./event-facets.js";
import { passesFilters } from "./subscription-filters.js";

/** One outbox row to enqueue. */
export interface OutboxTarget {
  readonly guildId: string;
  readonly channelId: string;
  /**
   * The subscription that matched; null for a battle card edit. A post in a card's thread names the route
   * that would post the event in the card's channel, or null when none would.
   */
  readonly subscriptionId: string | null;
  readonly action: OutboxAction;
  /** The card message an edit targets; null for a post. */
  readonly targetMessageId: string | null;
}

export interface RoutingCandidates {
  /** Active subscriptions to the event's kind, in the guilds the event may reach. */
  readonly subscriptions: readonly Subscription[];
  /** Cards of the event's battle, in the guilds the event may reach. */
  readonly battleCards: readonly BattleCard[];
  /** For each platform user the event is about, the guilds where that user is linked. */
  readonly linkedGuilds: ReadonlyMap<string, ReadonlySet<string>>;
  /** Guilds among the candidates' that the bot was removed from. */
  readonly removedGuilds: ReadonlySet<string>;
  /** The started threads of the tournament the event's rating change belongs to, in the guilds it may reach. */
  readonly tournamentThreads?: readonly TournamentThread[];
  /**
   * Of the channels with such a thread, those whose routes keep battle updates in the channel, whichever
   * kinds those routes take.
   */
  readonly channelModeChannels?: ReadonlySet<string>;
}

export function selectTargets(event: KnownPlatformEvent, candidates: RoutingCandidates): OutboxTarget[] {
  const facets = readEventFacets(event);
  const userIds = facets.userIds ?? [];
  const isLinkedIn = (guildId: string): boolean =>
    userIds.some((userId) => candidates.linkedGuilds.get(userId)?.has(guildId) === true);

  const targets = new Map<string, OutboxTarget>();
  const add = (target: OutboxTarget): void => {
    if (candidates.removedGuilds.has(target.guildId)) return;
    const key = `${target.channelId}\n${target.action}`;
    if (!targets.has(key)) targets.set(key, target);
  };
  // A test delivery names a battle nobody played, or one someone did: it never touches a live card.
  const cards = !event.test && cardBattleId(event) !== undefined ? candidates.battleCards : [];
  // A channel whose route asks for battle updates in the channel keeps them there, thread or not, whether or
  // not that route takes this event.
  const inChannel = new Set([
    ...(candidates.channelModeChannels ?? []),
    ...candidates.subscriptions
      .filter((subscription) => subscription.filters.battleUpdates === "channel")
      .map((subscription) => subscription.channelId),
  ]);
  const threadOf = (place: { readonly guildId: string; readonly channelId: string }): string | undefined =>
    candidates.tournamentThreads?.find(
      (thread) => thread.guildId === place.guildId && thread.channelId === place.channelId,
    )?.threadId;
  // The subscriptions that would post the event, each in its channel: the first of a channel is its route.
  const routes = candidates.subscriptions.filter(
    (subscription) =>
      subscription.status === "active" &&
      subscription.eventKinds.includes(event.kind) &&
      (event.kind !== "user.rating_changed" || isLinkedIn(subscription.guildId)) &&
      passesFilters(subscription.filters, facets, () => isLinkedIn(subscription.guildId)),
  );
  for (const card of cards) {
    add({
      guildId: card.guildId,
      channelId: card.channelId,
      subscriptionId: null,
      action: "edit",
      targetMessageId: card.messageId,
    });
    if (card.threadId === null) continue;
    // A post in the thread names the channel's route, if any: should the thread be forgotten before it is
    // sent, it is posted in the channel as that route would have had it (src/store/requeue-routed-posts.ts).
    // A thread started before the channel's updates went to the channel gets no post, but is still archived
    // at the result, rather than left open until Discord's own auto-archive.
    const route = routes.find((subscription) => subscription.channelId === card.channelId);
    const actions = inChannel.has(card.channelId)
      ? threadActionsOf(event).filter((action) => action === "archive-thread")
      : threadActionsOf(event);
    for (const action of actions) {
      const subscriptionId = action === "thread-post" ? (route?.id ?? null) : null;
      const { guildId, channelId } = card;
      add({ guildId, channelId, subscriptionId, action, targetMessageId: card.threadId });
    }
  }
  const threadChannels = new Set(
    cards
      .filter(
        (card) => card.threadId !== null && !inChannel.has(card.channelId) && !isBattleResult(event.kind),
      )
      .map((card) => card.channelId),
  );
  for (const subscription of routes) {
    if (threadChannels.has(subscription.channelId)) continue;
    const threadId = inChannel.has(subscription.channelId) ? undefined : threadOf(subscription);
    add({
      guildId: subscription.guildId,
      channelId: subscription.channelId,
      subscriptionId: subscription.id,
      action: threadId === undefined ? "post" : "thread-post",
      targetMessageId: threadId ?? null,
    });
  }
  return [...targets.values()];
}

/** A battle event is posted in its card's thread; the result then archives it. */
function threadActionsOf(event: KnownPlatformEvent): OutboxAction[] {
  return isBattleResult(event.kind) ? ["thread-post", "archive-thread"] : ["thread-post"];
}

/** Whether routing needs to know where the event's users are linked. */
export function needsLinkedGuilds(
  event: KnownPlatformEvent,
  subscriptions: readonly Subscription[],
): boolean {
  return (
    event.kind === "user.rating_changed" ||
    subscriptions.some((subscription) => subscription.filters.linkedOnly === true)
  );
}
