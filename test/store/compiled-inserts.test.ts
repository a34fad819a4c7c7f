// Inserts compiled once per row count (src/store/compiled-inserts.ts): a later insert of as many rows binds its
// own values to the SQL compiled first, and a row the template cannot bind (other columns, an object value) is
// compiled afresh.
import { describe, expect, it } from "vitest";
import { compiledInserts } from "../../src/store/compiled-inserts.js";
import { testDatabases, useMigratedStore } from "./databases.js";

describe.each(testDatabases())("compiled inserts on $name", (database) => {
  const store = useMigratedStore(database);
  // Any table does; the guild removals' has two columns.
  const compile = compiledInserts((db, rows: readonly Record<string, unknown>[]) =>
    db.insertInto("guild_removals").values(rows as never),
  );

  it("binds each insert's own values to the SQL compiled for the first insert of as many rows", async () => {
    const first = compile(store.db, [removal("1", 10), removal("2", 20)]);
    const second = compile(store.db, [removal("3", 30), removal("4", 40)]);
    expect(second.sql).toBe(first.sql);
    // Bound to the first's compiled query rather than built again.
    expect(second.query).toBe(first.query);
    expect(second.parameters).not.toEqual(first.parameters);
    await store.db.executeQuery(first);
    await store.db.executeQuery(second);
    const rows = await store.db.selectFrom("guild_removals").select("guild_id").orderBy("guild_id").execute();
    expect(rows.map((row) => row.guild_id)).toEqual(["1", "2", "3", "4"]);
  });

  it("compiles afresh a row with other columns or a value that is not plain", () => {
    const template = compile(store.db, [removal("5", 50)]);
    const withObject = compile(store.db, [{ ...removal("6", 60), removed_at: { toString: () => "60" } }]);
    expect(withObject.query).not.toBe(template.query);
    const otherColumns = compile(store.db, [{ removed_at: 70, guild_id: "7" }]);
    expect(otherColumns.sql).not.toBe(template.sql);
    expect(otherColumns.parameters).toEqual([70, "7"]);
  });
});

function removal(guildId: string, removedAt: number): Record<string, unknown> {
  return { guild_id: guildId, removed_at: removedAt };
}
