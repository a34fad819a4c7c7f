import { eventKinds, type EventKind } from "../../events/event-kinds.js";
import type { Subscription } from "../../store/subscriptions.js";
import { sortEventKinds } from "../../display/event-kind-labels.js";

/**
 * The kinds the guild's webhook asks the platform for (docs/architecture.md, "Webhooks in"): every kind its
 * routes subscribe to, paused ones included since they may resume; every kind while there are no routes yet.
 */
export function chooseWebhookKinds(subscriptions: readonly Subscription[]): EventKind[] {
  const kinds = sortEventKinds(subscriptions.flatMap((subscription) => subscription.eventKinds));
  return kinds.length === 0 ? [...eventKinds] : kinds;
}
