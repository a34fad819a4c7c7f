import { addDigestSources } from "../../events/activity-kinds.js";
import { eventKinds, type EventKind } from "../../events/event-kinds.js";
import type { Subscription } from "../../store/subscriptions.js";
import { sortEventKinds } from "../../display/event-kind-labels.js";

/**
 * What tier roles follow: a member's role changes with their rating change (docs/architecture.md, "Tier
 * roles").
 */
export const tierRoleKinds: readonly EventKind[] = ["user.rating_changed"];

/**
 * The kinds the guild's webhook asks the platform for (docs/architecture.md, "Webhooks in"): every kind its
 * routes subscribe to, paused ones included since they may resume, with the weekly digest's sources when a
 * route takes the leaderboard refresh (docs/architecture.md, "The weekly digest") and rating changes while
 * tier roles are on, which no route need take; every kind while there are no routes yet.
 */
export function chooseWebhookKinds(
  subscriptions: readonly Subscription[],
  features: { readonly tierRoles: boolean } = { tierRoles: false },
): EventKind[] {
  const routed = addDigestSources(subscriptions.flatMap((subscription) => subscription.eventKinds));
  if (routed.length === 0) return [...eventKinds];
  return sortEventKinds([...routed, ...(features.tierRoles ? tierRoleKinds : [])]);
}
