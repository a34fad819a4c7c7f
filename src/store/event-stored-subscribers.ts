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

/** Runs inside the storing transaction: what it writes commits with the event, and if it throws, nothing does. */
export type EventStoredSubscriber = (
  trx: Kysely<Database>,
  event: KnownPlatformEvent,
  context: EventStoredContext,
) => Promise<QueuedWork>;

/** Runs each subscriber in turn, in the caller's transaction; returns their counts above zero, summed by name. */
export async function runEventStoredSubscribers(
  trx: Kysely<Database>,
  subscribers: readonly EventStoredSubscriber[],
  event: KnownPlatformEvent,
  context: EventStoredContext,
): Promise<QueuedWork> {
  const queued: Record<`${string}Queued`, number> = {};
  for (const subscriber of subscribers) {
    for (const [name, count] of Object.entries(await subscriber(trx, event, context))) {
      if (count > 0) queued[name as `${string}Queued`] = (queued[name as `${string}Queued`] ?? 0) + count;
    }
  }
  return queued;
}

/** Whether a result (an ingest result, say) counts any queued work. */
export function isAnyWorkQueued(result: object): boolean {
  return Object.entries(result).some(
    ([name, count]) => name.endsWith("Queued") && typeof count === "number" && count > 0,
  );
}
