// Marks rows delivered at the pace Discord accepts them (docs/performance.md): each
// row is one write of the store's batcher (write-batcher.ts), so the rows delivered in one turn of the event
// loop share one commit.
import type { Kysely } from "kysely";
import type { Database } from "../store/database.js";
import { markOutboxDeliveredWrite } from "../store/outbox-lease.js";
import { batchedWritesOf } from "../store/write-batcher.js";

export interface DeliveredRow {
  readonly id: string;
  readonly postedMessageId: string | null;
  readonly now: number;
}

/**
 * Resolves once the row's delivery is committed; false if the row was no longer pending. If it rejects, the
 * row is left to its lease and sent again; its nonce makes Discord return the same message.
 */
export type RecordDelivered = (row: DeliveredRow) => Promise<boolean>;

export function createDeliveryRecorder(db: Kysely<Database>): RecordDelivered {
  const runBatched = batchedWritesOf(db);
  return (row) => runBatched(markOutboxDeliveredWrite, row);
}
