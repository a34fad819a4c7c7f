// A PostgreSQL connection that dies while checked out (a failover, `pg_ctl stop -m immediate`, a cut
// network) must fail its query like any database error and leave the process up, the pool reconnecting for
// the next query (docs/architecture.md, "Growing past one machine"). Before, the checked-out client's `error`
// event had no listener and ended the process. An idle connection's loss is logged once, with the error's
// message and code alone: the pool re-emits it beside the client, which holds the user, database and host.
// The connection runs through a TCP relay the test cuts.
import { setTimeout } from "node:timers/promises";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createDb, type Store } from "../../src/store/create-db.js";
import { createLogger } from "../../src/logger.js";
import { startTcpRelay, throughRelay, type TcpRelay } from "../support/tcp-relay.js";
import { postgresUrl } from "./databases.js";

describe.skipIf(postgresUrl === undefined)(
  "a PostgreSQL connection lost mid-query (TEST_DATABASE_URL)",
  () => {
    let relay: TcpRelay | undefined;
    let store: Store | undefined;

    afterEach(async () => {
      await store?.close();
      await relay?.close();
    });

    it("fails that query, keeps the process up, logs no connection settings, and reconnects", async () => {
      const target = new URL(postgresUrl!);
      relay = await startTcpRelay({ host: target.hostname, port: Number(target.port || 5432) });
      const lines: string[] = [];
      const logger = createLogger({ level: "error" }, { write: (line: string) => lines.push(line) });
      store = await createDb(throughRelay(postgresUrl!, relay), { logger });

      const sleeping = sql`select pg_sleep(30)`.execute(store.db);
      // Cut once the query is on the wire: the server reports it running.
      await expect
        .poll(
          async () => {
            const { rows } = await sql<{
              running: number;
            }>`select count(*)::int as running from pg_stat_activity
          where query like 'select pg_sleep(30)%' and state = 'active'`.execute(store!.db);
            return rows[0]?.running;
          },
          { timeout: 10_000 },
        )
        .toBe(1);
      relay.cut();
      await expect(sleeping).rejects.toThrow();

      // An idle connection cut at the same moment may be handed out once more before its close is read: that
      // query fails too, and the next ones go over a new connection.
      const answers: string[] = [];
      await expect
        .poll(
          async () => {
            const answer = await sql<{ one: number }>`select 1 as one`.execute(store!.db).then(
              ({ rows }) => JSON.stringify(rows),
              (error: unknown) => String(error),
            );
            answers.push(answer);
            return answer;
          },
          { timeout: 10_000 },
        )
        .toBe(JSON.stringify([{ one: 1 }]));
      expect(answers.length).toBeLessThanOrEqual(3);
      const lost = lines.filter((line) => line.includes("PostgreSQL connection lost"));
      expect(lost.length).toBeGreaterThan(0);
      expect(lost.join("\n")).not.toContain(target.username);
      expect(lost.join("\n")).not.toContain(String(relay.port));
    });

    it("closes a connection whose query gets no answer, and the next query goes over a new one", async () => {
      const target = new URL(postgresUrl!);
      const started = await startTcpRelay({ host: target.hostname, port: Number(target.port || 5432) });
      relay = started;
      const lines: string[] = [];
      const logger = createLogger({ level: "error" }, { write: (line: string) => lines.push(line) });
      store = await createDb(throughRelay(postgresUrl!, started), { logger, postgresQueryTimeoutMs: 2000 });
      // createDb's own check leaves its connection idle in the pool, and the next query takes it.
      started.stall();
      const outcome = await Promise.race([
        sql`select 1 as one`.execute(store.db).then(
          () => "answered",
          (error: unknown) => `failed: ${String(error)}`,
        ),
        // Far past the query time-out: the query was left waiting for good.
        setTimeout(60_000, "still waiting", { ref: false }),
      ]);
      expect(outcome).toMatch(/^failed: /);
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(store.db);
      expect(rows).toEqual([{ one: 1 }]);
      expect(lines.some((line) => line.includes("got no answer"))).toBe(true);
    }, 90_000);

    it("logs an idle connection's loss once, with the error's message and code alone", async () => {
      const target = new URL(postgresUrl!);
      const started = await startTcpRelay({ host: target.hostname, port: Number(target.port || 5432) });
      relay = started;
      const lines: string[] = [];
      const logger = createLogger({ level: "error" }, { write: (line: string) => lines.push(line) });
      store = await createDb(throughRelay(postgresUrl!, started), { logger });
      // createDb's own check leaves its connection idle in the pool; nothing is running when it is cut.
      started.cut();
      await expect
        .poll(() => lines.filter((line) => line.includes("PostgreSQL connection lost")).length, {
          timeout: 10_000,
        })
        .toBeGreaterThan(0);
      // The next query opens a new connection, so everything the cut connection emitted has been read by then.
      await expect
        .poll(
          () =>
            sql`select 1 as one`.execute(store!.db).then(
              () => true,
              () => false,
            ),
          {
            timeout: 10_000,
          },
        )
        .toBe(true);

      const lost = lines.filter((line) => line.includes("PostgreSQL connection lost"));
      expect(lost).toHaveLength(1);
      const logged = JSON.parse(lost[0] ?? "{}") as Record<string, unknown>;
      expect(Object.keys(logged).sort()).toEqual(["err", "level", "msg", "time"]);
      // The message and code alone, which the logger's error serializer wraps with a type and an empty stack.
      const allowed = ["type", "message", "stack", "code"];
      expect(Object.keys(logged.err as object).filter((key) => !allowed.includes(key))).toEqual([]);
      const text = JSON.stringify(logged.err);
      for (const setting of [target.username, target.pathname.slice(1), "127.0.0.1", String(started.port)]) {
        expect(text).not.toContain(setting);
      }
    });
  },
);
