// docs/operations.md, "When SQLite cannot write": which errors mean the database cannot write. Each error here is
// SQLite's own, from a real connection: one opened read-only, one that cannot have the lock another holds.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { classifyWriteFault } from "../../src/store/write-fault.js";

function errorOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected the statement to fail");
}

describe("classifyWriteFault", () => {
  let folder: string;
  let path: string;
  const open: SqliteDatabase.Database[] = [];

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), "arena-write-fault-"));
    path = join(folder, "bot.sqlite");
    const setup = new SqliteDatabase(path);
    setup.pragma("journal_mode = WAL");
    setup.exec("create table rows (id integer primary key)");
    open.push(setup);
  });

  afterEach(async () => {
    for (const connection of open.splice(0)) connection.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("calls a write through a connection that may only read a read-only fault", () => {
    const reader = new SqliteDatabase(path, { readonly: true });
    open.push(reader);
    const error = errorOf(() => reader.exec("insert into rows (id) values (1)"));
    expect(error).toMatchObject({ code: "SQLITE_READONLY" });
    expect(classifyWriteFault(error)).toBe("read-only");
  });

  it("calls a write lock not had within the busy timeout locked", () => {
    const [holder] = open;
    holder?.exec("begin immediate");
    const waiter = new SqliteDatabase(path);
    open.push(waiter);
    waiter.pragma("busy_timeout = 0");
    const error = errorOf(() => waiter.exec("begin immediate"));
    expect(error).toMatchObject({ code: "SQLITE_BUSY" });
    expect(classifyWriteFault(error)).toBe("locked");
    holder?.exec("rollback");
  });

  it("reads the primary code of an extended one, and leaves every other error alone", () => {
    const [connection] = open;
    const duplicate = errorOf(() => connection?.exec("insert into rows (id) values (1), (1)"));
    expect(duplicate).toMatchObject({ code: "SQLITE_CONSTRAINT_PRIMARYKEY" });
    expect(classifyWriteFault(duplicate)).toBeUndefined();
    expect(
      classifyWriteFault(Object.assign(new Error("disk I/O error"), { code: "SQLITE_IOERR_WRITE" })),
    ).toBe("I/O error");
    expect(classifyWriteFault(new Error("database or disk is full"))).toBeUndefined();
  });
});
