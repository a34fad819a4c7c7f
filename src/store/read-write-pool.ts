// The pool Kysely takes its PostgreSQL connections from (docs/operations.md, "When PostgreSQL cannot write"): pg's
// pool, less the connections that reached a server that cannot write. After a failover a connection can land on a
// standby, or stay on a primary demoted to one, which answers every write 25006 (read_only_sql_transaction);
// node-postgres has no `target_session_attrs=read-write` to pass such a server by. Once any connection meets
// 25006, every connection opened before it may sit on that server, so each is closed when it is released or
// next taken from the pool instead of being used again, and the next query opens a new one, which reaches the
// new primary as soon as the failover routes there.
import type { PostgresPool, PostgresPoolClient } from "kysely";
import type pg from "pg";
import { classifyWriteFault } from "./write-fault.js";

/**
 * Kysely's pool over `pool`. Every error a query meets goes to `onError` too (the write health: a read-only
 * session, a full disk…), the query failing as before.
 */
export function readWritePool(pool: pg.Pool, onError: (error: unknown) => void): PostgresPool {
  /** Moves on at each 25006 met on a connection opened since the last: older connections are not used again. */
  let generation = 0;
  const openedIn = new WeakMap<pg.PoolClient, number>();
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  pool.on("connect", (client) => {
    openedIn.set(client, generation);
  });
  const isStale = (client: pg.PoolClient): boolean => (openedIn.get(client) ?? generation) < generation;

  const noteError = (client: pg.PoolClient, error: unknown): void => {
    if (classifyWriteFault(error) === "read-only" && !isStale(client)) generation += 1;
    onError(error);
  };

  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const query = (...args: unknown[]): unknown => {
      const result = (client.query as (...args: unknown[]) => unknown)(...args);
      if (!(result instanceof Promise)) return result;
      return result.catch((error: unknown) => {
        noteError(client, error);
        throw error;
      });
    };
    return {
      query: query as PostgresPoolClient["query"],
      // pg's pool closes a client released with an error rather than keep it.
      release: () => {
        client.release(isStale(client));
      },
    };
  };

  return {
    async connect() {
      for (;;) {
        const client = await pool.connect();
        if (isStale(client)) {
          client.release(true);
          continue;
        }
        // One wrapper a client: Kysely keeps its connection object by the client it was given.
        let wrapped = clients.get(client);
        if (wrapped === undefined) {
          wrapped = wrap(client);
          clients.set(client, wrapped);
        }
        return wrapped;
      }
    },
    end: () => pool.end(),
  };
}
