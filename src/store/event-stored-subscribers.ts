// What runs in the transaction that stores a platform event (docs/architecture.md, "Webhooks in" step 3): each
// feature that keeps a read model or a queue beside the inbox registers a subscriber in the composition root,
// so the receiver names none of them. Here because the transaction is the database's and every feature may
// import src/store/.
import type { Kysely } from "kysely";
import type { KnownPlatformEvent } from "../events/platform-event.js";
import type { Database } from "./database.js";

export interface EventStoredContext {
  /**
   * Whether the event came through the operator's webhook. A server's own endpoint is signed with a secret its
   * admins chose, so what it tells is trusted for that server alone.
   */
  readonly fromOperator: boolean;
  /** The one server the event may reach (its endpoint's), or undefined for every server. */
  readonly guildId: string | undefined;
  /** When the delivery was received. */
  readonly now: number;
}

/**
 * Work a subscriber queued for a worker, counted by name (`rolesQueued`): the ingest result carries the counts
 * above zero, and a delivery that queued any wakes the workers.
 */
export type QueuedWork = { readonly [name: `${string}Queued`]: number };

export const nothingQueued: QueuedWork = {};

/** One accepted event of the storing transaction, and what is known of its delivery. */
export interface StoredEvent {
  readonly event: KnownPlatformEvent;
  readonly context: EventStoredContext;
}

/**
 * Runs inside the storing transaction, once for all the events it stores (one, or a group commit's many, in
 * their order), so that a subscriber reads what it needs for all of them at once: what it writes commits with
 * them, and if it throws, none of them does. Answers the work queued for each event, in the same order. The
 * subscribers run one after another, each over every event.
 */
export type EventStoredSubscriber = (
  trx: Kysely<Database>,
  stored: readonly StoredEvent[],
) => Promise<readonly QueuedWork[]>;

/** A subscriber that handles one event at a time: one with nothing to read once for many events. */
export function eachStoredEvent(
  handle: (
    trx: Kysely<Database>,
    event: KnownPlatformEvent,
    context: EventStoredContext,
  ) => Promise<QueuedWork>,
): EventStoredSubscriber {
  return async (trx, stored) => {
    const queued: QueuedWork[] = [];
    for (const { event, context } of stored) queued.push(await handle(trx, event, context));
    return queued;
  };
}

/**
 * Runs each subscriber in turn over every stored event, in the caller's transaction; answers, per event, the
 * counts above zero summed by name.
 */
export async function runEventStoredSubscribers(
  trx: Kysely<Database>,
  subscribers: readonly EventStoredSubscriber[],
  stored: readonly StoredEvent[],
): Promise<QueuedWork[]> {
  const queued = stored.map((): Record<`${string}Queued`, number> => ({}));
  if (stored.length === 0) return queued;
  for (const subscriber of subscribers) {
    const counts = await subscriber(trx, stored);
    if (counts.length !== stored.length) {
      throw new Error(
        `An event-stored subscriber answered ${counts.length} counts for ${stored.length} events`,
      );
    }
    queued.forEach((sums, index) => {
      for (const [name, count] of Object.entries(counts[index] ?? nothingQueued)) {
        if (count > 0) sums[name as `${string}Queued`] = (sums[name as `${string}Queued`] ?? 0) + count;
      }
    });
  }
  return queued;
}

/** Whether a result (an ingest result, say) counts any queued work. */
export function isAnyWorkQueued(result: object): boolean {
  return Object.entries(result).some(
    ([name, count]) => name.endsWith("Queued") && typeof count === "number" && count > 0,
  );
}
