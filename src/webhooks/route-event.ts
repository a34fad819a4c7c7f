// Loads what routing needs and picks the targets (select-targets.ts). `guildId` confines the event to one
// guild: an event that arrived on a guild's own endpoint was signed with a secret that guild's admins
// chose, so it must never reach another guild (docs/architecture.md, "Webhooks in"; see event-source.ts).
import type { Kysely } from "kysely";
import { cardBattleId } from "../events/card-battle-id.js";
import type { KnownPlatformEvent } from "../events/platform-event.js";
import { listBattleCardsOf, type BattleCard } from "../store/battle-cards.js";
import type { Database } from "../store/database.js";
import { listRemovedGuilds } from "../store/guild-removals.js";
import { listTournamentThreads } from "../store/tournament-threads.js";
import { readRatingContest } from "../events/rating-contest.js";
import { listLinkedGuildsOf } from "../store/linked-members.js";
import {
  listActiveSubscriptionsForKind,
  listChannelModeChannels,
  type Subscription,
} from "../store/subscriptions.js";
import type { EventKind } from "../events/event-kinds.js";
import { readEventFacets } from "./event-facets.js";
import { needsLinkedGuilds, selectTargets, type OutboxTarget } from "./select-targets.js";

export interface RoutingScope {
  /** Only this guild's subscriptions and cards; undefined for every guild (the operator endpoint). */
  readonly guildId: string | undefined;
}

/**
 * What routing has read in one transaction, for the deliveries that share it (create-ingester.ts): a burst of
 * one kind reads the subscriptions to it once, not once an event. Only for as long as that transaction.
 */
export class RoutingReads {
  readonly #subscriptions = new Map<string, Promise<Subscription[]>>();

  subscriptions(db: Kysely<Database>, kind: EventKind, guildId: string | undefined): Promise<Subscription[]> {
    const key = `${kind} ${guildId ?? ""}`;
    let read = this.#subscriptions.get(key);
    if (read === undefined) {
      read = listActiveSubscriptionsForKind(db, { kind, ...(guildId === undefined ? {} : { guildId }) });
      this.#subscriptions.set(key, read);
    }
    return read;
  }
}

/** One event to route, and the guild it is confined to (RoutingScope). */
export interface RoutingRequest extends RoutingScope {
  readonly event: KnownPlatformEvent;
}

export async function routeEvent(
  db: Kysely<Database>,
  event: KnownPlatformEvent,
  scope: RoutingScope,
  reads: RoutingReads = new RoutingReads(),
): Promise<OutboxTarget[]> {
  const [targets] = await routeEvents(db, [{ event, guildId: scope.guildId }], reads);
  return targets ?? [];
}

/**
 * routeEvent for many events at once, each request's targets in its place: what they need is read in one query
 * per kind of row for all of them (a transaction's deliveries, create-ingester.ts), not one per event.
 */
export async function routeEvents(
  db: Kysely<Database>,
  requests: readonly RoutingRequest[],
  reads: RoutingReads = new RoutingReads(),
): Promise<OutboxTarget[][]> {
  const subscriptionsOf: Subscription[][] = [];
  for (const { event, guildId } of requests)
    subscriptionsOf.push(await reads.subscriptions(db, event.kind, guildId));
  const battleIds = requests.map(({ event }) => cardBattleId(event)).filter((id) => id !== undefined);
  const cardsOf =
    battleIds.length === 0 ? new Map<string, BattleCard[]>() : await listBattleCardsOf(db, battleIds);
  const battleCardsOf = requests.map(({ event, guildId }) => {
    const battleId = cardBattleId(event);
    const cards = battleId === undefined ? [] : (cardsOf.get(battleId) ?? []);
    return cards.filter((card) => guildId === undefined || card.guildId === guildId);
  });
  const linkedUserIds = requests.flatMap(({ event }, index) =>
    needsLinkedGuilds(event, subscriptionsOf[index] ?? [])
      ? (readEventFacets(event).userIds ?? []).slice(0, maxLinkedLookups)
      : [],
  );
  const linkedGuilds =
    linkedUserIds.length === 0 ? new Map<string, Set<string>>() : await listLinkedGuildsOf(db, linkedUserIds);
  const removedGuilds = await listRemovedGuilds(
    db,
    [...subscriptionsOf.flat(), ...battleCardsOf.flat()].map((candidate) => candidate.guildId),
  );
  const tournamentOf = requests.map(({ event }) => threadTournamentId(event));
  const threads = await listTournamentThreads(
    db,
    tournamentOf.filter((id) => id !== undefined),
  );
  const threadPlaces = [...battleCardsOf.flat().filter((card) => card.threadId !== null), ...threads];
  const channelModeChannels =
    threadPlaces.length === 0 ? new Set<string>() : await listChannelModeChannels(db, threadPlaces);
  return requests.map(({ event }, index) =>
    selectTargets(event, {
      subscriptions: subscriptionsOf[index] ?? [],
      battleCards: battleCardsOf[index] ?? [],
      linkedGuilds,
      removedGuilds,
      tournamentThreads: threads.filter((thread) => thread.tournamentId === tournamentOf[index]),
      channelModeChannels,
    }),
  );
}

/** The tournament whose thread a real rating change goes into, when it names one. */
function threadTournamentId(event: KnownPlatformEvent): string | undefined {
  if (event.kind !== "user.rating_changed" || event.test) return undefined;
  const contest = readRatingContest(event.data);
  return contest?.kind === "tournament" ? contest.id : undefined;
}

/**
 * The users whose links are looked up, per event: a leaderboard of thousands (a guild admin can sign anything
 * for their own endpoint) must not make the transaction's query huge. Real events name a few.
 */
const maxLinkedLookups = 200;
