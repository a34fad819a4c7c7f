// What the outbox is told about the rows it posts (docs/architecture.md, "Posting"): each kind of row, known by
// its `source`, brings its renderer and what it does once its rows are posted, when they fail, and when the
// thread they were meant for is lost. The outbox itself names no feature: the composition root registers the
// sources and passes them in.
import type { Kysely } from "kysely";
import type { Database } from "../store/database.js";
import type { OutboxEntry } from "../store/outbox.js";
import type { DeliveryFailure } from "./classify-failure.js";
import type { RenderOutboxEntry, RenderOutboxSummary } from "./outbox-result.js";
import type { AdminNotice } from "./tell-admins.js";

export type FailureKind = DeliveryFailure["kind"];

/** A failure as a source hears it. */
export interface FailedRows {
  readonly guildId: string;
  readonly channelId: string;
  readonly kind: FailureKind;
  /** Discord's error, e.g. "403 Missing Access (50001)". */
  readonly reason: string;
  /** This source's rows in the message that failed; none when its channel failed under another's rows. */
  readonly rows: readonly OutboxEntry[];
  readonly now: number;
  /**
   * Hands rows of a thread lost to the bot (dropped already, src/store/forget-thread.ts), whichever their
   * source, each to its own source's `onThreadLost`, in the same transaction as the reaction.
   */
  readonly handOverLostRows: (rows: readonly OutboxEntry[]) => Promise<void>;
}

/** Rows of one source meant for a thread that is lost (deleted, locked or refused), dropped already. */
export interface LostThreadRows {
  readonly guildId: string;
  readonly rows: readonly OutboxEntry[];
  readonly now: number;
}

/** What a source does with its rows of a lost thread (post them elsewhere, say), in the transaction `trx`. */
export type ReactToLostThread = (trx: Kysely<Database>, lost: LostThreadRows) => Promise<void>;

/**
 * What a source does about a failure beyond its rows' own fate, which the outbox decides. It runs in the
 * transaction `trx` (with the dropping of the channel's pending rows, when the channel is gone or closed).
 * It returns what the server's admins should hear, if anything.
 */
export type ReactToFailure = (trx: Kysely<Database>, failed: FailedRows) => Promise<AdminNotice | undefined>;

/**
 * By kind of failure. A channel that is gone or closed to the bot concerns every source, since its pending
 * rows are all dropped; any other kind only the sources of the rows that failed.
 */
export type FailureReactions = { readonly [Kind in FailureKind]?: ReactToFailure };

export interface OutboxSource {
  /** Builds a row's message; undefined when there is nothing to post. */
  readonly render: RenderOutboxEntry;
  /** Summarises a contest's rows (those with a summary key); without it they are posted like any other. */
  readonly renderSummary?: RenderOutboxSummary;
  /**
   * After a message carrying these rows of the source was posted as `messageId` (the first, when a summary took
   * several), before the rows are marked delivered: a crash before that mark sends them again, and Discord's
   * answer to the resend is heard again, so what it does must be safe to repeat.
   */
  readonly onPosted?: (rows: readonly OutboxEntry[], messageId: string) => Promise<void>;
  readonly onFailure?: FailureReactions;
  /** When the thread its rows were meant for is lost; without it they stay dropped. */
  readonly onThreadLost?: ReactToLostThread;
}

export interface OutboxSources {
  /** The rows whose `source` names no source below: events, whose source is the endpoint that delivered them. */
  readonly fallback: OutboxSource;
  /** Sources by the `source` their rows carry. */
  readonly named?: Readonly<Record<string, OutboxSource>>;
}

export function findOutboxSource(sources: OutboxSources, entry: Pick<OutboxEntry, "source">): OutboxSource {
  return sources.named !== undefined && Object.hasOwn(sources.named, entry.source)
    ? (sources.named[entry.source] ?? sources.fallback)
    : sources.fallback;
}

/** Every source, the fallback first: the order in which they hear of a failure. */
export function listOutboxSources(sources: OutboxSources): OutboxSource[] {
  return [sources.fallback, ...Object.values(sources.named ?? {})];
}

/** The rows of each source among `entries`, in the order of `entries`. */
export function groupBySource(
  sources: OutboxSources,
  entries: readonly OutboxEntry[],
): Map<OutboxSource, OutboxEntry[]> {
  const bySource = new Map<OutboxSource, OutboxEntry[]>();
  for (const entry of entries) {
    const source = findOutboxSource(sources, entry);
    bySource.set(source, [...(bySource.get(source) ?? []), entry]);
  }
  return bySource;
}

/** After a message was posted: each source with rows in it hears which. */
export async function notifyPosted(
  sources: OutboxSources,
  entries: readonly OutboxEntry[],
  messageId: string,
): Promise<void> {
  for (const [source, rows] of groupBySource(sources, entries)) await source.onPosted?.(rows, messageId);
}

/** The rows of a lost thread, each source's handed to it; a source that registered nothing leaves them dropped. */
export async function handOverLostRows(
  sources: OutboxSources,
  trx: Kysely<Database>,
  lost: LostThreadRows,
): Promise<void> {
  for (const [source, rows] of groupBySource(sources, lost.rows)) {
    await source.onThreadLost?.(trx, { ...lost, rows });
  }
}
