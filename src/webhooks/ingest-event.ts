// A verified delivery, stored durably (docs/architecture.md, "Webhooks in" step 3): in one transaction the
// event goes into the inbox (a repeat changes nothing), one outbox row per target is queued, and the
// subscribers the composition root registered for a stored event (read models, tier roles, reminders) do
// their part. The caller answers the platform only after this resolves, so an acknowledged event is on disk;
// if anything throws, nothing was stored and the platform's retry redoes it all. (create-ingester.ts shares one
// commit among deliveries.)
import type { Kysely } from "kysely";
import type { Clock } from "../clock.js";
import type { Database } from "../store/database.js";
import {
  nothingQueued,
  runEventStoredSubscribers,
  type EventStoredSubscriber,
  type QueuedWork,
} from "../store/event-stored-subscribers.js";
import { inboxKeyOf, insertInboxEvents, type InboxEventInput } from "../store/inbox.js";
import { readPreparedDelivery, toInboxRow, type PreparedDelivery } from "./prepared-delivery.js";
import type { BatchedWrite, BatchScope } from "../store/write-batcher.js";
import { enqueueOutboxRowsByEvent } from "../store/outbox.js";
import { routingGuildOf, type EventSource } from "./event-source.js";
import type { KnownPlatformEvent, PlatformEvent } from "../events/platform-event.js";
import { normaliseEvent } from "../events/normalise-event.js";
import { keepBody, keptBodyBytes } from "./kept-body.js";
import { RoutingReads, routeEvents } from "./route-event.js";
import { toOutboxInput } from "./outbox-inputs.js";
import { readFutureLead } from "./future-event.js";
import { readStaleAge } from "./stale-event.js";

/** What the receiver answers for an event it verified (IngestResult's `status`). */
export const ingestStatuses = ["accepted", "duplicate", "ignored", "dead", "stale", "future"] as const;
export type IngestStatus = (typeof ingestStatuses)[number];

/** Besides its own fields, the work the subscribers queued, by name (`rolesQueued`), when any. */
export interface IngestResult extends QueuedWork {
  /**
   * accepted: stored and routed; duplicate: already in the inbox, nothing done; ignored: a kind this
   * release does not know, stored only; dead: verified but malformed or undated, stored with its error;
   * stale: older than the inbox remembers (stale-event.ts), not stored; future: dated further ahead of our
   * clock than it allows (future-event.ts), not stored.
   */
  readonly status: IngestStatus;
  readonly eventId: string;
  /** Outbox rows queued by this delivery. */
  readonly enqueued: number;
  /** Why a dead event could not be read (printable, no secrets). */
  readonly error?: string;
  /** How old a stale event was by its `created`, in ms. */
  readonly ageMs?: number;
  /** How far ahead of our clock a future event was dated, in ms. */
  readonly aheadMs?: number;
}

export interface IngestDependencies {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  /** What runs in the transaction of every event accepted, in order (the composition root's list). */
  readonly subscribers: readonly EventStoredSubscriber[];
}

export interface VerifiedDelivery {
  readonly rawBody: Buffer;
  readonly source: EventSource;
}

/** A delivery answered without touching the database (dropOutOfWindow). */
export interface DroppedDelivery {
  readonly dropped: IngestResult;
}

/** Stores a body whose signature was already verified for `source`, in a transaction of its own. */
export async function ingestEvent(
  deps: IngestDependencies,
  delivery: VerifiedDelivery,
): Promise<IngestResult> {
  const prepared = prepareDelivery(delivery, deps.clock.now());
  if ("dropped" in prepared) return prepared.dropped;
  return deps.db.transaction().execute((trx) => storeDelivery(trx, prepared, deps.subscribers));
}

/**
 * Reads the body; a delivery dated outside what the inbox can vouch for is answered then and there
 * (dropOutOfWindow).
 */
export function prepareDelivery(
  { rawBody, source }: VerifiedDelivery,
  receivedAt: number,
): PreparedDelivery | DroppedDelivery {
  const normalised = normaliseEvent(rawBody);
  if (!normalised.ok) return { source, receivedAt, malformed: normalised, keptBody: keepBody(rawBody) };
  const { event } = normalised;
  const dropped = dropOutOfWindow(event, receivedAt);
  if (dropped !== undefined) return { dropped };
  // Nothing reads an unknown kind's data, so a body larger than a dead row keeps is kept as a dead one's is
  // (docs/architecture.md, "Webhooks in" step 2).
  if (event.kind === undefined && rawBody.length > keptBodyBytes) {
    const withoutData = JSON.stringify({ ...event, data: {} });
    return { source, receivedAt, eventText: withoutData, keptBody: keepBody(rawBody) };
  }
  return { source, receivedAt, eventText: JSON.stringify(event) };
}

/**
 * The answer for an event dated outside what the inbox can vouch for, too old (stale-event.ts) or too far
 * ahead (future-event.ts); undefined for one to store. A malformed or undated event is not judged: stored
 * again as dead, it still posts nothing.
 */
function dropOutOfWindow(event: PlatformEvent, receivedAt: number): IngestResult | undefined {
  const { id: eventId, createdAt } = event;
  const ageMs = readStaleAge(createdAt, receivedAt);
  if (ageMs !== undefined) return { status: "stale", eventId, enqueued: 0, ageMs };
  const aheadMs = readFutureLead(createdAt, receivedAt);
  if (aheadMs !== undefined) return { status: "future", eventId, enqueued: 0, aheadMs };
  return undefined;
}

/**
 * The inbox row, the outbox rows and the subscribers' work of one delivery; runs inside the caller's
 * transaction. `reads` lets the deliveries of one transaction share what routing reads (route-event.ts).
 */
export async function storeDelivery(
  trx: Kysely<Database>,
  delivery: PreparedDelivery,
  subscribers: readonly EventStoredSubscriber[],
  reads?: RoutingReads,
): Promise<IngestResult> {
  const [result] = await storeDeliveries(trx, [delivery], subscribers, reads);
  if (result === undefined) throw new Error("storeDeliveries answered no result for its delivery");
  return result;
}

/**
 * storeDelivery for each of many deliveries, as if one after another, with the results in their order: the
 * inbox rows in one statement, routing's reads in one query per kind of row, the outbox rows in one statement
 * (create-ingester.ts gives it a transaction's deliveries), then the subscribers, each over all the accepted
 * events at once.
 */
export async function storeDeliveries(
  trx: Kysely<Database>,
  deliveries: readonly PreparedDelivery[],
  subscribers: readonly EventStoredSubscriber[],
  reads: RoutingReads = new RoutingReads(),
): Promise<IngestResult[]> {
  const read = deliveries.map(readPreparedDelivery);
  const inboxRows = read.map(toInboxRow);
  // Of two deliveries of one event from one source, the first is stored and the second is its repeat.
  const firstOfKey = new Map<string, number>();
  inboxRows.forEach((row, index) => {
    if (!firstOfKey.has(inboxKeyOf(row))) firstOfKey.set(inboxKeyOf(row), index);
  });
  const stored = await insertInboxEvents(
    trx,
    [...firstOfKey.values()].map((index) => inboxRows[index] as InboxEventInput),
  );
  const isStored = (row: InboxEventInput, index: number): boolean =>
    firstOfKey.get(inboxKeyOf(row)) === index && stored.has(inboxKeyOf(row));

  const accepted: { readonly index: number; readonly event: KnownPlatformEvent }[] = [];
  const results: IngestResult[] = read.map(({ normalised }, index) => {
    const row = inboxRows[index] as InboxEventInput;
    if (!isStored(row, index)) return duplicate(row.eventId);
    if (!normalised.ok) return { status: "dead", eventId: row.eventId, enqueued: 0, error: normalised.error };
    const { event } = normalised;
    if (event.kind === undefined) return { status: "ignored", eventId: row.eventId, enqueued: 0 };
    accepted.push({ index, event });
    return { status: "accepted", eventId: row.eventId, enqueued: 0 };
  });
  if (accepted.length === 0) return results;

  const scopeOf = (index: number) => deliveries[index]?.source ?? { type: "operator" };
  const targets = await routeEvents(
    trx,
    accepted.map(({ index, event }) => ({ event, guildId: routingGuildOf(scopeOf(index)) })),
    reads,
  );
  // `source` names the inbox row the worker renders from. A channel the other route already queued this
  // event for is skipped (the outbox is unique per event, channel and action).
  const outboxRows = accepted.flatMap(({ index, event }, position) => {
    const { source, receivedAt } = inboxRows[index] as InboxEventInput;
    return (targets[position] ?? []).map((target) => toOutboxInput(event, target, source, receivedAt));
  });
  const enqueued = await enqueueOutboxRowsByEvent(trx, outboxRows);
  // A test delivery is posted as a test and counts nowhere: no read model, tier role or reminder hears of it
  // (docs/platform-assumptions.md, "Test deliveries").
  const counted = accepted.filter(({ event }) => !event.test);
  const queued = await runEventStoredSubscribers(
    trx,
    subscribers,
    counted.map(({ index, event }) => {
      const source = scopeOf(index);
      const now = (inboxRows[index] as InboxEventInput).receivedAt;
      return {
        event,
        context: { fromOperator: source.type === "operator", guildId: routingGuildOf(source), now },
      };
    }),
  );
  const queuedOf = new Map(counted.map(({ index }, position) => [index, queued[position] ?? nothingQueued]));
  for (const { index, event } of accepted) {
    const row = inboxRows[index] as InboxEventInput;
    results[index] = {
      status: "accepted",
      eventId: event.id,
      enqueued: enqueued.get(inboxKeyOf(row)) ?? 0,
      ...(queuedOf.get(index) ?? nothingQueued),
    };
  }
  return results;
}

/**
 * storeDelivery as a write of the store's batcher (create-ingester.ts), with the subscribers it runs; a batch
 * of them runs as storeDeliveries.
 */
export function defineStoreDelivery(
  subscribers: readonly EventStoredSubscriber[],
): BatchedWrite<PreparedDelivery, IngestResult> {
  return {
    name: "store a platform event",
    run: (db, delivery, batch) => storeDelivery(db, delivery, subscribers, routingReadsOf(batch)),
    runAll: (db, deliveries, batch) => storeDeliveries(db, deliveries, subscribers, routingReadsOf(batch)),
  };
}

function routingReadsOf(batch: BatchScope): RoutingReads {
  let reads = batch.get(RoutingReads);
  if (!(reads instanceof RoutingReads)) {
    reads = new RoutingReads();
    batch.set(RoutingReads, reads);
  }
  return reads as RoutingReads;
}

function duplicate(eventId: string): IngestResult {
  return { status: "duplicate", eventId, enqueued: 0 };
}
