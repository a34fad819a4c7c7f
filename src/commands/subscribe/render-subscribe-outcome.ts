import { addDigestSources } from "../../events/activity-kinds.js";
import type { EventKind } from "../../events/event-kinds.js";
import { kindsWithUnshownFacet, type FilterFacet } from "../../events/filter-facets.js";
import type { SubscriptionFilters } from "../../store/subscriptions.js";
import type { Reply } from "../../discord/interaction-responder.js";
import { describeRouteStatus } from "./describe-route.js";
import { describeEventKinds } from "../../display/event-kind-labels.js";
import type { SubscribeOutcome } from "./subscribe-channel.js";
import { describeFilters } from "./subscription-filter-options.js";

/** What feeds this guild's events, so /subscribe can say when announcements would never arrive. */
export type WebhookFeed =
  | { readonly source: "none" }
  /** The operator's webhook (PLATFORM_WEBHOOK_SECRET) feeds every guild. */
  | { readonly source: "operator" }
  /** This guild's own webhook, registered with these kinds. */
  | { readonly source: "endpoint"; readonly kinds: readonly EventKind[] };

export function describeFeedGap(feed: WebhookFeed, kinds: readonly EventKind[]): string | undefined {
  if (feed.source === "none") {
    return "No platform webhook feeds this server yet: run `/setup webhook register` so events arrive.";
  }
  if (feed.source === "operator") return undefined;
  // A route taking the refresh needs the weekly digest's sources too, though it posts none of them.
  const missing = [...new Set(addDigestSources(kinds))].filter((kind) => !feed.kinds.includes(kind));
  if (missing.length === 0) return undefined;
  return (
    `This server's platform webhook was registered without ${describeEventKinds(missing)}: ` +
    "run `/setup webhook register` again to add them."
  );
}

function describeChange(outcome: SubscribeOutcome, channel: string): string[] {
  if (outcome.change === "created") return [`Subscribed ${channel}.`];
  if (outcome.change === "unchanged") return [`${channel} already receives these events; nothing changed.`];
  const lines: string[] = [];
  if (outcome.resumedFrom !== undefined)
    lines.push(`Resumed announcements in ${channel} (it was ${describeRouteStatus(outcome.resumedFrom)}).`);
  if (outcome.addedKinds.length > 0)
    lines.push(`${channel} now also receives **${describeEventKinds(outcome.addedKinds)}**.`);
  else if (outcome.resumedFrom === undefined) lines.push(`Updated the filters of ${channel}.`);
  return lines;
}

/**
 * A tournament or difficulty filter over kinds whose events the platform is not shown to name one on: each
 * such event without it is held back, so the route may post far less than the admin expects.
 */
export function describeUnshownFacets(filters: SubscriptionFilters, kinds: readonly EventKind[]): string[] {
  const notes: string[] = [];
  const warn = (facet: FilterFacet, named: string) => {
    const unshown = kindsWithUnshownFacet(kinds, facet);
    if (unshown.length === 0) return;
    notes.push(
      `**${describeEventKinds(unshown)}** pass the ${named} filter only when the platform names the ${named} ` +
        "in the event, which its API reference does not show it doing: those may never be posted here.",
    );
  };
  if (filters.tournamentId !== undefined) warn("tournament", "tournament");
  if (filters.difficulty !== undefined) warn("difficulty", "difficulty");
  return notes;
}

/** `notes`: lines the admin should read about what they asked for (an unchecked tournament id). */
export function renderSubscribeOutcome(
  outcome: SubscribeOutcome,
  feed: WebhookFeed,
  notes: readonly string[] = [],
): Reply {
  const { subscription } = outcome;
  const lines = [
    ...describeChange(outcome, `<#${subscription.channelId}>`),
    `Receives: **${describeEventKinds(subscription.eventKinds)}**`,
    `Filters: ${describeFilters(subscription.filters, subscription.eventKinds)}`,
  ];
  const gap = describeFeedGap(feed, outcome.addedKinds);
  const warnings = [...notes, ...describeUnshownFacets(subscription.filters, subscription.eventKinds)];
  if (warnings.length > 0) lines.push("", ...warnings.map((note) => `⚠️ ${note}`));
  if (gap !== undefined) lines.push("", gap);
  return { content: lines.join("\n"), ephemeral: true };
}
