// One subscription in words, shared by /subscribe, /subscriptions, /unsubscribe and /setup status.
import { plainText } from "../../display/platform-text.js";
import type { Subscription } from "../../store/subscriptions.js";
import { describeEventKinds } from "../../display/event-kind-labels.js";
import { describeFilters } from "./subscription-filter-options.js";

/** "active", "paused (403 Missing Access)" or "disabled (channel deleted)", with a marker. */
export function describeRouteStatus(subscription: Pick<Subscription, "status" | "statusReason">): string {
  const reason = subscription.statusReason === null ? "" : ` (${plainText(subscription.statusReason)})`;
  switch (subscription.status) {
    case "active":
      return "🟢 active";
    case "paused":
      return `⏸️ paused${reason}`;
    case "disabled":
      return `⛔ disabled${reason}`;
  }
}

/** Two lines: the channel and its status, then what it receives and through which filters. */
export function describeRoute(subscription: Subscription): string {
  const filters = describeFilters(subscription.filters, subscription.eventKinds);
  return (
    `<#${subscription.channelId}> · ${describeRouteStatus(subscription)}\n` +
    `  ${describeEventKinds(subscription.eventKinds)}${filters === "none" ? "" : ` · filters: ${filters}`}`
  );
}
