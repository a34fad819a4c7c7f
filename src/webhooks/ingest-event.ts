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
  runEventStoredSubscribers,
  type EventStoredSubscriber,
  type QueuedWork,
} from "../store/event-stored-subscribers.js";
import { insertInboxEvent } from "../store/inbox.js";
import type { BatchedWrite, BatchScope } from "../store/write-batcher.js";
import { enqueueOutboxRows } from "../store/outbox.js";
import { inboxSourceOf, routingGuildOf, type EventSource } from "./event-source.js";
import { normaliseEvent, type NormalisedDelivery } from "../events/normalise-event.js";
import { describeSummaryRow } from "./rating-summary-rows.js";
import { RoutingReads, routeEvent } from "./route-event.js";
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

/** What a delivery becomes before any database work: read once, outside the transaction. */
export interface PreparedDelivery {
  readonly rawBody: Buffer;
  readonly source: EventSource;
  readonly normalised: NormalisedDelivery;
  readonly receivedAt: number;
}

/** Stores a body whose signature was already verified for `source`, in a transaction of its own. */
export async function ingestEvent(
  deps: IngestDependencies,
  delivery: VerifiedDelivery,
): Promise<IngestResult> {
  const prepared = prepareDelivery(delivery, deps.clock.now());
  return (
    dropOutOfWindowDelivery(prepared) ??
    deps.db.transaction().execute((trx) => storeDelivery(trx, prepared, deps.subscribers))
  );
}

export function prepareDelivery(delivery: VerifiedDelivery, receivedAt: number): PreparedDelivery {
  return { ...delivery, normalised: normaliseEvent(delivery.rawBody), receivedAt };
}

/**
 * The answer for a delivery dated outside what the inbox can vouch for, too old (stale-event.ts) or too far
 * ahead (future-event.ts), given without touching the database; undefined for one to store. A malformed or
 * undated event is not judged: stored again as dead, it still posts nothing.
 */
export function dropOutOfWindowDelivery(delivery: PreparedDelivery): IngestResult | undefined {
  const { normalised, receivedAt } = delivery;
  if (!normalised.ok) return undefined;
  const { id: eventId, createdAt } = normalised.event;
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
  const { normalised, receivedAt } = delivery;
  const source = inboxSourceOf(delivery.source);
  if (!normalised.ok) {
    const { eventId, rawKind, error } = normalised;
    // A retry cannot fix it, so it is acknowledged and kept, body and all, for someone to look at.
    const payload = { body: delivery.rawBody.toString("utf8") };
    const stored = await insertInboxEvent(trx, {
      eventId,
      kind: rawKind,
      source,
      status: "dead",
      payload,
      error,
      receivedAt,
    });
    return stored ? { status: "dead", eventId, enqueued: 0, error } : duplicate(eventId);
  }

  const { event } = normalised;
  const status = event.kind === undefined ? "ignored" : "accepted";
  const stored = await insertInboxEvent(trx, {
    eventId: event.id,
    kind: event.rawKind,
    source,
    status,
    payload: event,
    receivedAt,
  });
  if (!stored) return duplicate(event.id);
  if (event.kind === undefined) return { status: "ignored", eventId: event.id, enqueued: 0 };

  const guildId = routingGuildOf(delivery.source);
  const targets = await routeEvent(trx, event, { guildId }, reads);
  // `source` names the inbox row the worker renders from. A channel the other route already queued this
  // event for is skipped (the outbox is unique per event, channel and action).
  const rows = targets.map((target) => ({
    ...target,
    source,
    eventId: event.id,
    now: receivedAt,
    ...describeSummaryRow(event, target, receivedAt),
  }));
  const enqueued = (await enqueueOutboxRows(trx, rows)).length;
  const fromOperator = delivery.source.type === "operator";
  const queued = await runEventStoredSubscribers(trx, subscribers, event, {
    fromOperator,
    guildId,
    now: receivedAt,
  });
  return { status: "accepted", eventId: event.id, enqueued, ...queued };
}

/**
 * storeDelivery as a write of the store's batcher (create-ingester.ts), with the subscribers it runs. Its
 * delivery may have crossed into the writer's thread, where the body arrives as a plain Uint8Array.
 */
export function defineStoreDelivery(
  subscribers: readonly EventStoredSubscriber[],
): BatchedWrite<PreparedDelivery, IngestResult> {
  return {
    name: "store a platform event",
    run: (db, delivery, batch) => {
      const rawBody: Uint8Array = delivery.rawBody;
      const body = Buffer.isBuffer(rawBody)
        ? rawBody
        : Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
      return storeDelivery(db, { ...delivery, rawBody: body }, subscribers, routingReadsOf(batch));
    },
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
