// Durable ingest at more than one fsync's worth of events per second (docs/architecture.md, "Webhooks in"
// step 4, "The core"): each delivery is one write of the store's batcher (write-batcher.ts), so deliveries
// that arrive together share one transaction and one commit, and only then is any of them answered.
import { batchedWritesOf, type RunBatched } from "../store/write-batcher.js";
import {
  defineStoreDelivery,
  prepareDelivery,
  type IngestDependencies,
  type IngestResult,
  type VerifiedDelivery,
} from "./ingest-event.js";

export type Ingester = (delivery: VerifiedDelivery) => Promise<IngestResult>;

/** `runBatched` is the store's batcher unless given (a test groups commits on PostgreSQL too). */
export function createIngester(deps: IngestDependencies & { readonly runBatched?: RunBatched }): Ingester {
  const runBatched = deps.runBatched ?? batchedWritesOf(deps.db);
  const storeDelivery = defineStoreDelivery(deps.subscribers);
  return (delivery) => {
    const prepared = prepareDelivery(delivery, deps.clock.now());
    // An event dated out of the window needs no database, so it waits for no batch.
    if ("dropped" in prepared) return Promise.resolve(prepared.dropped);
    return runBatched(storeDelivery, prepared);
  };
}
