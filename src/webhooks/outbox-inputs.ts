// What one routed target of a stored event queues (docs/architecture.md, "Webhooks in" step 3): its outbox row,
// with the summary window of a rating change (rating-summary-rows.ts).
import type { KnownPlatformEvent } from "../events/platform-event.js";
import type { OutboxInput } from "../store/outbox.js";
import { describeSummaryRow } from "./rating-summary-rows.js";
import type { OutboxTarget } from "./select-targets.js";

/**
 * The outbox row of one target. Written out field by field, as the rest of this path is: an object spread
 * followed by a property the spread object lacks costs about a microsecond in Node 20's V8, fifty times a
 * literal (docs/performance.md).
 */
export function toOutboxInput(
  event: KnownPlatformEvent,
  target: OutboxTarget,
  source: string,
  receivedAt: number,
): OutboxInput {
  const summary = describeSummaryRow(event, target, receivedAt);
  return {
    source,
    eventId: event.id,
    guildId: target.guildId,
    channelId: target.channelId,
    subscriptionId: target.subscriptionId,
    action: target.action,
    targetMessageId: target.targetMessageId,
    now: receivedAt,
    summaryKey: summary.summaryKey,
    // A thread is archived after the result is posted in it (src/store/message-threads.ts).
    dueAt: target.action === "archive-thread" ? receivedAt + 1 : summary.dueAt,
  };
}
