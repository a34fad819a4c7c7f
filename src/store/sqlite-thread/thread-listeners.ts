// What the bot's side of a SQLite thread (sqlite-thread-client.ts) tells the store of, besides the answers
// to its statements: the thread's database errors and the group commits it ran.

/**
 * One transaction of a group commit that committed in the writer's thread (sqlite-thread.js): how long it took,
 * from BEGIN to COMMIT's return (its fsync, and any wait for another process's lock, included), and how many
 * writes it held. A group in which a write threw is retried a write at a time, each a commit of its own; one
 * whose BEGIN or COMMIT failed committed nothing and is not told.
 */
export interface GroupCommit {
  readonly seconds: number;
  readonly writes: number;
}

/** What the bot's side is told of its thread besides the answers themselves. */
export interface ThreadListeners {
  /** Every database error the thread answers, a batch's included (the store's write health). */
  readonly onError?: (error: Error) => void;
  /** Every transaction of a group commit that committed, once each (the store's metrics). */
  readonly onGroupCommit?: (commit: GroupCommit) => void;
}
