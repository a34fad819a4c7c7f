// Durable ingest at more than one fsync's worth of events per second (docs/architecture.md, "Webhooks in"
// step 4, "Performance targets"): each delivery is one write of the store's batcher (write-batcher.ts), so
// deliveries that arrive together share one transaction and one commit, and only then is any of them answered.
import type { Transaction } from "kysely";
import type { Database } from "../store/database.js";
import { batchedWritesOf } from "../store/write-batcher.js";
import {
  dropStaleDelivery,
  prepareDelivery,
  storeDelivery,
  type IngestDependencies,
  type IngestResult,
  type VerifiedDelivery,
} from "./ingest-event.js";
import { RoutingReads } from "./route-event.js";

export type Ingester = (delivery: VerifiedDelivery) => Promise<IngestResult>;

export function createIngester(deps: IngestDependencies): Ingester {
  const runBatched = batchedWritesOf(deps.db);
  // The deliveries of one transaction share what routing reads; a retry alone gets a transaction of its own.
  const readsByTransaction = new WeakMap<Transaction<Database>, RoutingReads>();
  const readsOf = (trx: Transaction<Database>): RoutingReads => {
    let reads = readsByTransaction.get(trx);
    if (reads === undefined) {
      reads = new RoutingReads();
      readsByTransaction.set(trx, reads);
    }
    return reads;
  };
  return (delivery) => {
    const prepared = prepareDelivery(delivery, deps.clock.now());
    // A stale event needs no database, so it waits for no batch.
    const stale = dropStaleDelivery(prepared);
    if (stale !== undefined) return Promise.resolve(stale);
    return runBatched((trx) => storeDelivery(trx, prepared, deps.subscribers, readsOf(trx)));
  };
}
