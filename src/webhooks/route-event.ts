// Loads what routing needs and picks the targets (select-targets.ts). `guildId` confines the event to one
// guild: an event that arrived on a guild's own endpoint was signed with a secret that guild's admins
// chose, so it must never reach another guild (docs/architecture.md, "Webhooks in"; see event-source.ts).
import type { Kysely } from "kysely";
import { cardBattleId } from "../events/card-battle-id.js";
import type { KnownPlatformEvent } from "../events/platform-event.js";
import { listBattleCards } from "../store/battle-cards.js";
import type { Database } from "../store/database.js";
import { listRemovedGuilds } from "../store/guild-removals.js";
import { listLinksOfPlatformUser } from "../store/member-links.js";
import { listActiveSubscriptionsForKind, type Subscription } from "../store/subscriptions.js";
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

export async function routeEvent(
  db: Kysely<Database>,
  event: KnownPlatformEvent,
  scope: RoutingScope,
  reads: RoutingReads = new RoutingReads(),
): Promise<OutboxTarget[]> {
  const { guildId } = scope;
  const inScope = (candidate: { readonly guildId: string }): boolean =>
    guildId === undefined || candidate.guildId === guildId;

  const subscriptions = await reads.subscriptions(db, event.kind, guildId);
  const battleId = cardBattleId(event);
  const battleCards = battleId === undefined ? [] : (await listBattleCards(db, battleId)).filter(inScope);
  const linkedGuilds = needsLinkedGuilds(event, subscriptions)
    ? await loadLinkedGuilds(db, readEventFacets(event).userIds ?? [])
    : new Map<string, Set<string>>();
  const removedGuilds = await listRemovedGuilds(
    db,
    [...subscriptions, ...battleCards].map((candidate) => candidate.guildId),
  );
  return selectTargets(event, { subscriptions, battleCards, linkedGuilds, removedGuilds });
}

/**
 * One query per user, so the users considered are capped: a leaderboard of thousands (a guild admin can sign
 * anything for their own endpoint) must not hold the transaction for seconds. Real events name a few.
 */
const maxLinkedLookups = 200;

async function loadLinkedGuilds(
  db: Kysely<Database>,
  platformUserIds: readonly string[],
): Promise<Map<string, Set<string>>> {
  const linked = new Map<string, Set<string>>();
  for (const platformUserId of platformUserIds.slice(0, maxLinkedLookups)) {
    const links = await listLinksOfPlatformUser(db, platformUserId);
    linked.set(platformUserId, new Set(links.map((link) => link.guildId)));
  }
  return linked;
}
