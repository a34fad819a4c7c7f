// @ts-check
// The write batcher's one failure policy (docs/architecture.md, "The core"), shared by the writer's thread
// (sqlite-thread/thread-batch.js) and the bot's thread (write-batcher.ts). Plain JavaScript so the thread,
// which Node 20 starts without the TypeScript loader, can import it.

/**
 * @typedef {{ ok: true, result: unknown } | { ok: false, error: unknown }} Outcome
 * @typedef {object} Transactions how to begin, commit and roll back on the connection the writes use
 * @property {() => unknown} begin
 * @property {() => unknown} commit
 * @property {() => unknown} rollBack  also called when nothing is open, and must not throw then
 */

/**
 * The whole batch in one transaction. Failures are rare, so rather than a savepoint per write (two more
 * statements each), a batch in which a write threw is rolled back and each write retried in a transaction of
 * its own: only the one at fault is refused. When the transaction itself failed (the lock not had within the
 * busy timeout, a failed commit), the database is what failed: the writes not yet committed are refused at
 * once rather than made to wait for it again one after another.
 * @template Item
 * @param {Transactions} transactions
 * @param {readonly Item[]} batch
 * @param {(item: Item, scope: Map<unknown, unknown>) => Promise<unknown>} run  `scope` lasts one transaction
 * @returns {Promise<Outcome[]>}
 */
export async function commitGroup(transactions, batch, run) {
  if (batch.length > 1) {
    let writeFailed = false;
    try {
      await transactions.begin();
      /** @type {Outcome[]} */
      const outcomes = [];
      const scope = new Map();
      for (const item of batch) {
        writeFailed = true;
        outcomes.push({ ok: true, result: await run(item, scope) });
        writeFailed = false;
      }
      await transactions.commit();
      return outcomes;
    } catch (error) {
      await transactions.rollBack();
      if (!writeFailed) return batch.map(() => ({ ok: false, error }));
    }
  }
  /** @type {Outcome[]} */
  const outcomes = [];
  for (const item of batch) {
    let writeFailed = false;
    try {
      await transactions.begin();
      writeFailed = true;
      const result = await run(item, new Map());
      writeFailed = false;
      await transactions.commit();
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
