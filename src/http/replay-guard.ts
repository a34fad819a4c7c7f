// The replay check on POST /interactions (docs/architecture.md, "Commands" step 1) sits on the answer's path,
// which Discord cuts off after 3 s: each id is one write of the store's batcher (write-batcher.ts), so a burst
// of interactions shares one commit instead of queueing one fsync behind another.
import type { Kysely } from "kysely";
import type { Clock } from "../clock.js";
import type { Database } from "../store/database.js";
import { recordInteractionWrite } from "../store/seen-interactions.js";
import { batchedWritesOf } from "../store/write-batcher.js";

/** True the first time an interaction id is offered, here or on any instance sharing the database. */
export type ReplayGuard = (interactionId: string) => Promise<boolean>;

export function createReplayGuard(db: Kysely<Database>, clock: Clock): ReplayGuard {
  const runBatched = batchedWritesOf(db);
  // Only the first of an id repeated within one batch records it; the others are its replays.
  return (id) => runBatched(recordInteractionWrite, { id, now: clock.now() });
}
