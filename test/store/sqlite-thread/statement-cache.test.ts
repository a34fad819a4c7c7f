import SqliteDatabase from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cacheStatements } from "../../../src/store/sqlite-thread/statement-cache.js";

describe("the SQLite statement cache", () => {
  let sqlite: SqliteDatabase.Database;

  beforeEach(() => {
    sqlite = new SqliteDatabase(":memory:");
    sqlite.exec("create table events (id integer primary key, title text)");
    sqlite.exec("insert into events (title) values ('first'), ('second'), ('third')");
  });

  afterEach(() => {
    if (sqlite.open) sqlite.close();
  });

  it("compiles a statement once and runs it again with other parameters", () => {
    const database = cacheStatements(sqlite);
    const sql = "select title from events where id = ?";
    const first = database.prepare(sql);
    expect(first.all([1])).toEqual([{ title: "first" }]);
    const again = database.prepare(sql);
    expect(again).toBe(first);
    expect(again.all([2])).toEqual([{ title: "second" }]);
  });

  it("compiles another copy of a statement that is still being iterated", () => {
    const database = cacheStatements(sqlite);
    const sql = "select title from events order by id";
    const streaming = database.prepare(sql).iterate([]) as IterableIterator<{ title: string }>;
    expect(streaming.next().value).toEqual({ title: "first" });
    expect(database.prepare(sql).all([])).toHaveLength(3);
    expect([...streaming].map((row) => row.title)).toEqual(["second", "third"]);
  });

  it("keeps only the most recently used statements", () => {
    const database = cacheStatements(sqlite, 2);
    const first = database.prepare("select 1");
    const second = database.prepare("select 2");
    expect(database.prepare("select 1")).toBe(first);
    database.prepare("select 3");
    // "select 2" was the least recently used, so it went; "select 1" stayed.
    expect(database.prepare("select 1")).toBe(first);
    expect(database.prepare("select 2")).not.toBe(second);
  });

  it("closes the database", () => {
    cacheStatements(sqlite).close();
    expect(sqlite.open).toBe(false);
  });
});
