// @ts-check
// The write batcher's one failure policy (docs/architecture.md, "The core"), shared by the writer's thread
// (sqlite-thread/thread-batch.js) and the bot's thread (write-batcher.ts). Plain JavaScript so the thread,
// which Node 20 starts without the TypeScript loader, can import it.
import { performance } from "node:perf_hooks";

/**
 * @typedef {{ ok: true, result: unknown } | { ok: false, error: unknown }} Outcome
 * @typedef {object} Transactions how to begin, commit and roll back on the connection the writes use
 * @property {() => unknown} begin
 * @property {() => unknown} commit
 * @property {() => unknown} rollBack  also called when nothing is open, and must not throw then
 * @property {(commit: import("./sqlite-thread/thread-listeners.js").GroupCommit) => void} [committed]  told
 *   of each transaction that committed: how long from its BEGIN to its COMMIT's return, and how many writes
 *   it held
 */

/**
 * @typedef {object} GroupWrite what a batch item asks for, bound to the connection the writes use
 * @property {(args: unknown, scope: Map<unknown, unknown>) => Promise<unknown>} run  one item alone
 * @property {((args: readonly unknown[], scope: Map<unknown, unknown>) => Promise<unknown[]>) | undefined} [runAll]
 *   the items of one batch that ask for this write, together (one statement for many rows); results in order
 * @typedef {{ write: GroupWrite, args: unknown }} GroupItem
 */

/**
 * The whole batch in one transaction. Failures are rare, so rather than a savepoint per write (two more
 * statements each), a batch in which a write threw is rolled back and each write retried in a transaction of
 * its own, alone: only the one at fault is refused. When the transaction itself failed (the lock not had within
 * the busy timeout, a failed commit), the database is what failed: the writes not yet committed are refused at
 * once rather than made to wait for it again one after another. In the batch's transaction the writes run one
 * after another in the order each first appears, each with its items in order, together where it can
 * (`runAll`): the writes of one batch touch different rows, so only the order within one write matters.
 * @param {Transactions} transactions
 * @param {readonly GroupItem[]} batch
 * @returns {Promise<Outcome[]>}
 */
export async function commitGroup(transactions, batch) {
  if (batch.length > 1) {
    let writeFailed = false;
    try {
      const started = performance.now();
      await transactions.begin();
      writeFailed = true;
      const results = await runTogether(batch, new Map());
      writeFailed = false;
      await transactions.commit();
      tellCommitted(transactions, started, batch.length);
      return results.map((result) => ({ ok: true, result }));
    } catch (error) {
      await transactions.rollBack();
      if (!writeFailed) return batch.map(() => ({ ok: false, error }));
    }
  }
  /** @type {Outcome[]} */
  const outcomes = [];
  for (const { write, args } of batch) {
    let writeFailed = false;
    try {
      const started = performance.now();
      await transactions.begin();
      writeFailed = true;
      const result = await write.run(args, new Map());
      writeFailed = false;
      await transactions.commit();
      tellCommitted(transactions, started, 1);
      outcomes.push({ ok: true, result });
    } catch (error) {
      await transactions.rollBack();
      outcomes.push({ ok: false, error });
      if (!writeFailed) {
        while (outcomes.length < batch.length) outcomes.push({ ok: false, error });
        return outcomes;
      }
    }
  }
  return outcomes;
}

/**
 * @param {Transactions} transactions
 * @param {number} started  performance.now() before the transaction's BEGIN
 * @param {number} writes
 */
function tellCommitted(transactions, started, writes) {
  try {
    transactions.committed?.({ seconds: (performance.now() - started) / 1000, writes });
  } catch {
    // What committed stays committed: a listener that throws must not turn it into a refusal.
  }
}

/**
 * Every item's result, in the batch's order. `scope` lasts the transaction.
 * @param {readonly GroupItem[]} batch
 * @param {Map<unknown, unknown>} scope
 * @returns {Promise<unknown[]>}
 */
async function runTogether(batch, scope) {
  /** @type {Map<GroupWrite, number[]>} */
  const byWrite = new Map();
  batch.forEach(({ write }, index) => {
    const indexes = byWrite.get(write) ?? [];
    indexes.push(index);
    byWrite.set(write, indexes);
  });
  /** @type {unknown[]} */
  const results = new Array(batch.length);
  for (const [write, indexes] of byWrite) {
    const args = indexes.map((index) => batch[index]?.args);
    if (write.runAll !== undefined && indexes.length > 1) {
      const together = await write.runAll(args, scope);
      indexes.forEach((index, position) => (results[index] = together[position]));
    } else {
      for (const index of indexes) results[index] = await write.run(batch[index]?.args, scope);
    }
  }
  return results;
}
