// docs/operations.md, "When SQLite cannot write": a member whose command meets a database that cannot write reads
// that it is the bot's passing problem, privately, instead of "Something went wrong" and a reference.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeInteractionError } from "../../src/bot/describe-interaction-error.js";
import { databaseUnavailableMessage } from "../../src/discord/database-unavailable.js";

describe("describeInteractionError", () => {
  let folder: string;
  let readOnlyError: unknown;
  let constraintError: unknown;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "arena-interaction-error-"));
    const path = join(folder, "bot.sqlite");
    const writer = new SqliteDatabase(path);
    writer.exec("create table rows (id integer primary key); insert into rows (id) values (1)");
    const reader = new SqliteDatabase(path, { readonly: true });
    try {
      reader.exec("insert into rows (id) values (2)");
    } catch (error) {
      readOnlyError = error;
    }
    try {
      writer.exec("insert into rows (id) values (1)");
    } catch (error) {
      constraintError = error;
    }
    reader.close();
    writer.close();
  });

  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it("tells the member the database is not accepting changes when a write meets a fault", () => {
    expect(readOnlyError).toMatchObject({ code: "SQLITE_READONLY" });
    expect(describeInteractionError(readOnlyError, 0)).toMatchObject({
      code: "database_unavailable",
      message: databaseUnavailableMessage,
    });
  });

  it("leaves any other database error to the generic answer with a reference", () => {
    expect(constraintError).toMatchObject({ code: "SQLITE_CONSTRAINT_PRIMARYKEY" });
    expect(describeInteractionError(constraintError, 0)).toBeUndefined();
  });
});
