import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { createDb, type Store } from "../../src/store/create-db.js";
import { postgresUrl, testDatabases } from "./databases.js";

describe("createDb with SQLite", () => {
  let folder: string | undefined;
  let store: Store | undefined;
  afterEach(async () => {
    await store?.close();
    if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
    store = undefined;
    folder = undefined;
  });

  it("creates the file's parent folder and sets durable, concurrent-friendly pragmas", async () => {
    folder = mkdtempSync(path.join(os.tmpdir(), "create-db-"));
    const file = path.join(folder, "nested", "deeper", "bot.sqlite");
    store = await createDb(`file:${file}`);
    expect(store.dialect).toBe("sqlite");
    expect(existsSync(file)).toBe(true);
    expect(await readPragma(store, "journal_mode")).toBe("wal");
    expect(await readPragma(store, "synchronous")).toBe(2); // FULL: fsync on every commit
    expect(await readPragma(store, "busy_timeout")).toBe(5000);
    expect(await readPragma(store, "foreign_keys")).toBe(1);
  });

  it("opens an in-memory database", async () => {
    store = await createDb(":memory:");
    expect(store.dialect).toBe("sqlite");
    expect(await readPragma(store, "synchronous")).toBe(2);
    expect(await readPragma(store, "foreign_keys")).toBe(1);
  });

  it("rejects an address it does not know", async () => {
    await expect(createDb("mysql://somewhere/db")).rejects.toThrow(/DATABASE_URL must be/);
  });
});

async function readPragma(store: Store, name: string): Promise<unknown> {
  const { rows } = await sql<Record<string, unknown>>`pragma ${sql.raw(name)}`.execute(store.db);
  const first = rows[0] ?? {};
  return first[name] ?? Object.values(first)[0];
}

describe.each(testDatabases())("createDb on $name", (database) => {
  it("reads bigint timestamps back as numbers", async () => {
    const empty = await database.createEmpty();
    const store = await createDb(empty.url);
    try {
      const { rows } = await sql<{ at: unknown }>`select cast(${1_795_000_000_123} as bigint) as at`.execute(
        store.db,
      );
      expect(rows[0]?.at).toBe(1_795_000_000_123);
    } finally {
      await store.close();
      await empty.dispose();
    }
  });
});

describe.skipIf(postgresUrl === undefined)(
  "createDb on PostgreSQL (runs when TEST_DATABASE_URL is set)",
  () => {
    it("keeps its int8 parser to its own pool, leaving the global pg parser alone", async () => {
      const store = await createDb(postgresUrl!);
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      try {
        expect(store.dialect).toBe("postgres");
        const plain = await client.query<{ at: unknown }>("select cast(42 as bigint) as at");
        expect(plain.rows[0]?.at).toBe("42");
      } finally {
        await client.end();
        await store.close();
      }
    });

    it("fails with a clear error, and without the password, when the server cannot be reached", async () => {
      const unreachable = "postgres://bot:hunter2-secret@127.0.0.1:1/none";
      const attempt = createDb(unreachable);
      await expect(attempt).rejects.toThrow(/Could not connect to PostgreSQL/);
      await expect(attempt).rejects.not.toThrow(/hunter2/);
    });
  },
);
