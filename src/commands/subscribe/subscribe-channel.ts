// /subscribe as a use case, GitHub-app style (docs/architecture.md, "Commands", "Routing"): one route per
// channel; subscribing a channel that has one adds the kinds, changes the filters given, and resumes it if it
// was paused, battle threads included (src/store/thread-pauses.ts).
import type { Kysely } from "kysely";
import type { EventKind } from "../../events/event-kinds.js";
import { resumeChannelThreads } from "../../store/thread-pauses.js";
import type { Database } from "../../store/database.js";
import {
  createSubscription,
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

/** The channel's route in this guild, the oldest if a race ever made two. */
export async function findChannelRoute(
  db: Kysely<Database>,
  guildId: string,
  channelId: string,
): Promise<Subscription | undefined> {
  const routes = await listGuildSubscriptions(db, guildId);
  return routes.find((route) => route.channelId === channelId);
}

export async function subscribeChannel(
  db: Kysely<Database>,
  request: SubscribeRequest,
): Promise<SubscribeOutcome> {
  await resumeChannelThreads(db, { guildId: request.guildId, channelId: request.channelId });
  const existing = await findChannelRoute(db, request.guildId, request.channelId);
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

  const addedKinds = sortEventKinds(request.kinds ?? []).filter(
    (kind) => !existing.eventKinds.includes(kind),
  );
  const filters = applyFilterOptions(existing.filters, request.filters);
  const changed = addedKinds.length > 0 || !sameFilters(filters, existing.filters);
  const key = { guildId: request.guildId, id: existing.id };
  if (changed) {
    await updateSubscription(db, {
      ...key,
      eventKinds: sortEventKinds([...existing.eventKinds, ...addedKinds]),
      filters,
      now: request.now,
    });
  }
  const resumes = existing.status !== "active";
  if (resumes) {
    await setSubscriptionStatus(db, { id: existing.id, status: "active", reason: null, now: request.now });
  }
  const subscription = (await findSubscription(db, key)) ?? existing;
  return {
    change: changed || resumes ? "updated" : "unchanged",
    subscription,
    addedKinds,
    resumedFrom: resumes ? { status: existing.status, statusReason: existing.statusReason } : undefined,
  };
}
