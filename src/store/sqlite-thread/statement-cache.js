// @ts-check
// Compiling a statement costs more than running most of the bot's: about a sixth of the CPU of durable
// ingest went to compiling the same few statements again (bench/webhook-ingest.ts under --cpu-prof). The
// SQLite thread (sqlite-thread.js) therefore keeps the statements it compiled, by their SQL.

/** More than the distinct statements the bot runs; an `in (…)` of each length is a statement of its own. */
const defaultCapacity = 500;

/**
 * `sqlite` with compiled statements kept by their SQL, the least recently used dropped first.
 * @param {import("better-sqlite3").Database} sqlite
 * @param {number} [capacity]
 */
export function cacheStatements(sqlite, capacity = defaultCapacity) {
  /** @type {Map<string, import("better-sqlite3").Statement>} */
  const statements = new Map();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    /** @param {string} sql */
    prepare: (sql) => {
      const cached = statements.get(sql);
      // A statement still being iterated (a stream) cannot run again until it is done: compile another.
      if (cached?.busy === true) return sqlite.prepare(sql);
      if (cached !== undefined) {
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      const oldest = statements.keys().next().value;
      if (statements.size > capacity && oldest !== undefined) statements.delete(oldest);
      return statement;
    },
  };
}
