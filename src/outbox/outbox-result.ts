// What the worker reports about each row it handled (for metrics and logs), and what it is given to send.
import type { RenderedMessage } from "../display/rendered-message.js";
import type { OutboxAction, OutboxEntry } from "../store/outbox.js";

/**
 * Builds the message for a row (it reads the event from the inbox itself). Undefined means there is nothing
 * to post (e.g. the event no longer warrants one): the row is marked delivered with no message.
 */
export type RenderOutboxEntry = (entry: OutboxEntry) => Promise<RenderedMessage | undefined>;

/** One message of a summary, and the rows (by id) whose lines it carries. */
export interface SummaryPart {
  readonly message: RenderedMessage;
  /** A row named by no part goes with the first: it is posted (or not) with it. */
  readonly rowIds: readonly string[];
}

/**
 * Builds one summary of the rows of a contest waiting for one channel (rows sharing a `summaryKey`): the
 * messages to post, in order, each within Discord's limits; more than one only when those limits demand it.
 * An empty list means there is nothing to post. It must give the same messages for the same rows, since a
 * resend after a crash relies on each message's nonce.
 */
export type RenderOutboxSummary = (entries: readonly OutboxEntry[]) => Promise<SummaryPart[]>;

export type OutboxOutcome =
  /** Posted or edited (a replayed nonce counts: Discord returned the first message). */
  | "delivered"
  /** The renderer had nothing to post. */
  | "skipped"
  /** Failed; due again after a backoff. */
  | "retry"
  /** Rate limited; due again after Discord's retry_after, not counted as an attempt. */
  | "rate-limited"
  /** Given up on: retries exhausted, or an error no retry can fix. */
  | "dead"
  /**
   * Not attempted (the worker is stopping, the lease lapsed, the channel is busy), due again soon; or sent and
   * refused after the row stopped being this worker's, which leaves it to its new state.
   */
  | "released";

export interface OutboxResult {
  readonly id: string;
  readonly guildId: string;
  readonly channelId: string;
  readonly action: OutboxAction;
  readonly outcome: OutboxOutcome;
  /** Why, for anything but "delivered": Discord's status, message and code, or the worker's reason. */
  readonly reason?: string;
  /** The message created or edited. */
  readonly messageId?: string;
}

export function describeResult(
  entry: OutboxEntry,
  outcome: OutboxOutcome,
  details: { readonly reason?: string; readonly messageId?: string } = {},
): OutboxResult {
  return {
    id: entry.id,
    guildId: entry.guildId,
    channelId: entry.channelId,
    action: entry.action,
    outcome,
    ...details,
  };
}
