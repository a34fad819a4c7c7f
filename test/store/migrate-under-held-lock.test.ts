// A start while another process holds SQLite's write lock (docs/operations.md, "When SQLite cannot write"):
// with no migration pending, the migrations take no lock, so the start goes on and reports the fault on
// /readyz; before, they took the lock whatever was pending, and the start failed after the busy time-out.
// (With one pending they wait for the lock, as test/store/concurrent-migrations.test.ts shows of two starts.)
import SqliteDatabase from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { createDb, type Store } from "../../src/store/create-db.js";
import { migrateStore } from "../../src/store/migrate.js";
import { sqliteFile, type EmptyDatabase } from "./databases.js";

describe("migrations on a SQLite file whose write lock another process holds", () => {
  const opened: { store?: Store; holder?: SqliteDatabase.Database; empty?: EmptyDatabase }[] = [];
  afterEach(async () => {
    for (const { store, holder, empty } of opened.splice(0)) {
      holder?.close();
      await store?.close();
      await empty?.dispose();
    }
  });

  async function migratedFileHeldByAnother(): Promise<Store> {
    const empty = await sqliteFile.createEmpty();
    const first = await createDb(empty.url);
    await migrateStore(first);
    await first.close();
    const holder = new SqliteDatabase(empty.url.slice("file:".length));
    holder.exec("begin immediate");
    const store = await createDb(empty.url);
    opened.push({ store, holder, empty });
    return store;
  }

  it("take no lock when none is pending, and let the start go on", async () => {
    const store = await migratedFileHeldByAnother();
    expect(await migrateStore(store)).toEqual([]);
    await store.writeHealth?.probe();
    expect(store.writeHealth?.current()).toMatchObject({ fault: "locked" });
  });
});
