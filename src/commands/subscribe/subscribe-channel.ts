// /subscribe as a use case, GitHub-app style (docs/architecture.md, "Commands", "Routing"): one route per
// channel; subscribing a channel that has one adds the kinds, changes the filters given, and resumes it if it
// was paused, battle threads included (src/store/thread-pauses.ts). Two /subscribe runs at once can each find
// no route and make one: the next /subscribe folds the channel's later routes into its oldest, so the filters
// and the resume it reports hold for everything the channel receives.
import type { Kysely } from "kysely";
import type { EventKind } from "../../events/event-kinds.js";
import { resumeChannelThreads } from "../../store/thread-pauses.js";
import type { Database } from "../../store/database.js";
import {
  createSubscription,
  deleteSubscription,
  findSubscription,
  listGuildSubscriptions,
  setSubscriptionStatus,
  type Subscription,
  updateSubscription,
} from "../../store/subscriptions.js";
import { sortEventKinds } from "../../display/event-kind-labels.js";
import { defaultEventKinds } from "./event-selection.js";
import { applyFilterOptions, type FilterOptions, sameFilters } from "./subscription-filter-options.js";

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

/** The channel's routes in this guild, oldest first: one, unless a race made more. */
async function listChannelRoutes(
  db: Kysely<Database>,
  guildId: string,
  channelId: string,
): Promise<Subscription[]> {
  const routes = await listGuildSubscriptions(db, guildId);
  return routes.filter((route) => route.channelId === channelId);
}

export async function subscribeChannel(
  db: Kysely<Database>,
  request: SubscribeRequest,
): Promise<SubscribeOutcome> {
  await resumeChannelThreads(db, { guildId: request.guildId, channelId: request.channelId });
  const [existing, ...extra] = await listChannelRoutes(db, request.guildId, request.channelId);
  if (existing === undefined) {
    const kinds = request.kinds ?? defaultEventKinds;
    const subscription = await createSubscription(db, {
      guildId: request.guildId,
      channelId: request.channelId,
      eventKinds: sortEventKinds(kinds),
      filters: applyFilterOptions({}, request.filters),
      createdBy: request.memberId,
      now: request.now,
    });
    return { change: "created", subscription, addedKinds: subscription.eventKinds, resumedFrom: undefined };
  }

  // What the channel receives through all its routes; the oldest keeps its filters and takes the others' kinds.
  const received = new Set([existing, ...extra].flatMap((route) => route.eventKinds));
  const addedKinds = sortEventKinds(request.kinds ?? []).filter((kind) => !received.has(kind));
  const filters = applyFilterOptions(existing.filters, request.filters);
  const eventKinds = sortEventKinds([...received, ...addedKinds]);
  const changed = addedKinds.length > 0 || !sameFilters(filters, existing.filters) || extra.length > 0;
  const key = { guildId: request.guildId, id: existing.id };
  if (changed) {
    await updateSubscription(db, { ...key, eventKinds, filters, now: request.now });
    for (const route of extra) await deleteSubscription(db, { guildId: request.guildId, id: route.id });
  }
  const paused = [existing, ...extra].find((route) => route.status !== "active");
  if (paused !== undefined) {
    await setSubscriptionStatus(db, { id: existing.id, status: "active", reason: null, now: request.now });
  }
  const subscription = (await findSubscription(db, key)) ?? existing;
  return {
    change: changed || paused !== undefined ? "updated" : "unchanged",
    subscription,
    addedKinds,
    resumedFrom:
      paused === undefined ? undefined : { status: paused.status, statusReason: paused.statusReason },
  };
}
