// /subscribe as a use case, GitHub-app style (docs/architecture.md, "Commands", "Routing"): one route per
// channel; subscribing a channel that has one adds the kinds, changes the filters given, and resumes it if it
// was paused, battle threads included (src/store/thread-pauses.ts). The database keeps one route per channel
// (a unique index): when two /subscribe runs at once both find none, the second's create gives way and it
// changes the route the first made. A filter given that none of the route's kinds has anything for is
// refused before anything changes.
import type { Kysely } from "kysely";
import { eventKinds, type EventKind } from "../../events/event-kinds.js";
import { UserFacingError } from "../../discord/user-facing-error.js";
import { resumeChannelThreads } from "../../store/thread-pauses.js";
import type { Database } from "../../store/database.js";
import {
  createChannelRoute,
  findChannelRoute,
  findSubscription,
  setSubscriptionStatus,
  type Subscription,
  updateSubscription,
} from "../../store/subscriptions.js";
import { describeEventKinds, sortEventKinds } from "../../display/event-kind-labels.js";
import { defaultEventKinds } from "./event-selection.js";
import {
  applyFilterOptions,
  type EventFilter,
  filterNeeds,
  filtersNothing,
  filtersSet,
  type FilterOptions,
  sameFilters,
} from "./subscription-filter-options.js";
import { retryRouteChange } from "../retry-route-change.js";

export interface SubscribeRequest {
  readonly guildId: string;
  readonly channelId: string;
  /** Undefined when the member named none: defaults for a new route, unchanged for an existing one. */
  readonly kinds: readonly EventKind[] | undefined;
  readonly filters: FilterOptions;
  readonly memberId: string;
  readonly now: number;
}

export interface SubscribeOutcome {
  readonly change: "created" | "updated" | "unchanged";
  readonly subscription: Subscription;
  /** Kinds the channel did not receive before. */
  readonly addedKinds: readonly EventKind[];
  /** The route was paused or disabled and is active again; the reason it had. */
  readonly resumedFrom: Pick<Subscription, "status" | "statusReason"> | undefined;
}

export async function subscribeChannel(
  db: Kysely<Database>,
  request: SubscribeRequest,
): Promise<SubscribeOutcome> {
  return retryRouteChange("/subscribe", () => trySubscribeChannel(db, request));
}

/** One read and write of the channel's route; undefined when another change came between them. */
async function trySubscribeChannel(
  db: Kysely<Database>,
  request: SubscribeRequest,
): Promise<SubscribeOutcome | undefined> {
  const key = { guildId: request.guildId, channelId: request.channelId };
  let existing = await findChannelRoute(db, key);
  if (existing === undefined) {
    const kinds = sortEventKinds(request.kinds ?? defaultEventKinds);
    refuseFiltersOfNothing(request, kinds);
    await resumeChannelThreads(db, key);
    const subscription = await createChannelRoute(db, {
      ...key,
      eventKinds: kinds,
      filters: applyFilterOptions({}, request.filters),
      createdBy: request.memberId,
      now: request.now,
    });
    if (subscription !== undefined)
      return { change: "created", subscription, addedKinds: subscription.eventKinds, resumedFrom: undefined };
    // Another /subscribe made the channel's route meanwhile: this one changes it as it would any route.
    existing = await findChannelRoute(db, key);
    if (existing === undefined) return undefined;
  }

  const addedKinds = sortEventKinds(request.kinds ?? []).filter(
    (kind) => !existing.eventKinds.includes(kind),
  );
  const filters = applyFilterOptions(existing.filters, request.filters);
  const eventKinds = sortEventKinds([...existing.eventKinds, ...addedKinds]);
  refuseFiltersOfNothing(request, eventKinds);
  await resumeChannelThreads(db, key);
  const changed = addedKinds.length > 0 || !sameFilters(filters, existing.filters);
  const routeKey = { guildId: request.guildId, id: existing.id };
  // Only over the route as it was read: another /subscribe's kinds, merged meanwhile, are read again and kept.
  if (changed) {
    const updated = await updateSubscription(db, {
      ...routeKey,
      eventKinds,
      filters,
      now: request.now,
      expectedUpdatedAt: existing.updatedAt,
    });
    if (updated === undefined) return undefined;
  }
  const paused = existing.status === "active" ? undefined : existing;
  if (paused !== undefined) {
    await setSubscriptionStatus(db, { id: existing.id, status: "active", reason: null, now: request.now });
  }
  const subscription = (await findSubscription(db, routeKey)) ?? existing;
  return {
    change: changed || paused !== undefined ? "updated" : "unchanged",
    subscription,
    addedKinds,
    resumedFrom:
      paused === undefined ? undefined : { status: paused.status, statusReason: paused.statusReason },
  };
}

/**
 * A filter given here that none of the route's kinds has anything for would filter nothing while reading as
 * active, so it is refused, changing nothing (docs/architecture.md, "Routing").
 */
function refuseFiltersOfNothing(request: SubscribeRequest, kinds: readonly EventKind[]): void {
  const idle = filtersSet(request.filters).filter((filter) => filtersNothing(filter, kinds));
  const [first] = idle;
  if (first === undefined) return;
  const wanted = eventKinds.filter((kind) => !filtersNothing(first, [kind]));
  throw new UserFacingError(
    "filter_of_nothing",
    `${filterNames[first]} would filter nothing in <#${request.channelId}>: none of the kinds it would receive ` +
      `(**${describeEventKinds(kinds)}**) ${filterNeeds[first]}. It applies to ${describeEventKinds(wanted)}: ` +
      "add one with `events`, or leave the filter out. Nothing was changed.",
  );
}

const filterNames: Readonly<Record<EventFilter, string>> = {
  tournamentId: "A tournament filter",
  difficulty: "A difficulty filter",
  minRatingChange: "A minimum rating change",
  linkedOnly: "“Only linked members”",
};
