// Marks rows delivered at the pace Discord accepts them (docs/architecture.md, "Performance targets").
// better-sqlite3 blocks the event loop for each commit's fsync (synchronous=FULL, a few ms), which at 50+
// posts a second would stall the sends themselves; so on SQLite the rows delivered in one turn of the event
// loop share one commit.
import type { Kysely } from "kysely";
import type { Database } from "../store/database.js";
import { readDialect } from "../store/dialect.js";
import { markOutboxDelivered } from "../store/outbox-lease.js";

export interface DeliveredRow {
  readonly id: string;
  readonly postedMessageId: string | null;
  readonly now: number;
}

/** Resolves once the row's delivery is committed; false if the row was no longer pending. */
export type RecordDelivered = (row: DeliveredRow) => Promise<boolean>;

/** Bounds how long one transaction holds the database. */
const maxBatchSize = 100;

interface Waiting {
  readonly row: DeliveredRow;
  readonly resolve: (marked: boolean) => void;
  readonly reject: (error: unknown) => void;
}

/** Group commit on SQLite; on PostgreSQL, whose pool runs commits side by side, one update per row. */
export function createDeliveryRecorder(db: Kysely<Database>): RecordDelivered {
  if (readDialect(db) !== "sqlite") return (row) => markOutboxDelivered(db, row);
  const waiting: Waiting[] = [];
  let flushing = false;

  const flushSoon = (): void => {
    if (flushing) return;
    flushing = true;
    // setImmediate lets every answer already read in this turn of the event loop join the batch.
    setImmediate(() => {
      void commitBatches(db, waiting).finally(() => {
        flushing = false;
        if (waiting.length > 0) flushSoon();
      });
    });
  };

  return (row) =>
    new Promise<boolean>((resolve, reject) => {
      waiting.push({ row, resolve, reject });
      flushSoon();
    });
}

async function commitBatches(db: Kysely<Database>, waiting: Waiting[]): Promise<void> {
  while (waiting.length > 0) {
    const batch = waiting.splice(0, maxBatchSize);
    try {
      const marked = await db.transaction().execute(async (trx) => {
        const results: boolean[] = [];
        for (const { row } of batch) results.push(await markOutboxDelivered(trx, row));
        return results;
      });
      batch.forEach((item, index) => {
        item.resolve(marked[index] ?? false);
      });
    } catch (error) {
      // Each row is then left to its lease and sent again; its nonce makes Discord return the same message.
      for (const item of batch) item.reject(error);
    }
  }
}
