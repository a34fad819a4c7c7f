import { addDigestSources } from "../../events/activity-kinds.js";
import { eventKinds, type EventKind } from "../../events/event-kinds.js";
import type { Subscription } from "../../store/subscriptions.js";
import { sortEventKinds } from "../../display/event-kind-labels.js";

/**
 * The kinds the guild's webhook asks the platform for (docs/architecture.md, "Webhooks in"): every kind its
 * routes subscribe to, paused ones included since they may resume, with the weekly digest's sources when a
 * route takes the leaderboard refresh (docs/architecture.md, "The weekly digest"); every kind while there are
 * no routes yet.
 */
export function chooseWebhookKinds(subscriptions: readonly Subscription[]): EventKind[] {
  const kinds = sortEventKinds(
    addDigestSources(subscriptions.flatMap((subscription) => subscription.eventKinds)),
  );
  return kinds.length === 0 ? [...eventKinds] : kinds;
}
