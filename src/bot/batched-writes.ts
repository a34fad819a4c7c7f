// Every write the store's batcher groups into one commit (docs/architecture.md, "The core"). On SQLite the
// writer's thread imports this module and runs each by its name, so a batch costs one message each way; the
// composition root opens the store with it (build-dependencies.ts). A feature whose write runs at the pace of
// its traffic adds it here.
import { recordInteractionWrite } from "../store/seen-interactions.js";
import { markOutboxSentAloneWrite } from "../store/outbox-groups.js";
import { markOutboxDeliveredWrite } from "../store/outbox-lease.js";
import type { BatchedWrite } from "../store/write-batcher.js";
import { defineStoreDelivery } from "../webhooks/ingest-event.js";
import { eventStoredSubscribers } from "./event-stored-subscribers.js";

export const batchedWrites: readonly BatchedWrite<never, unknown>[] = [
  defineStoreDelivery(eventStoredSubscribers),
  recordInteractionWrite,
  markOutboxDeliveredWrite,
  markOutboxSentAloneWrite,
];

/** What createDb hands the writer's thread to import. */
export const batchedWritesModule = new URL("./batched-writes.js", import.meta.url).href;
