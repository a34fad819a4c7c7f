// useMigratedStore on PostgreSQL hands a block's schema on to this worker's next block (databases.ts): the next
// block finds it with no rows, and a schema a test changed is never handed on. The blocks of one file run one
// after another, each taking the schema the one before it left.
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { postgresUrl, testDatabases, useMigratedStore } from "./databases.js";

const postgres = testDatabases().find((database) => database.dialect === "postgres");
const urls: string[] = [];

/** Whether the outbox of `store` has the column the first block adds. */
async function hasExtraColumn(store: ReturnType<typeof useMigratedStore>): Promise<boolean> {
  const { rows } = await sql<{ readonly found: number }>`
    select count(*)::int as found from information_schema.columns
     where table_schema = current_schema() and table_name = 'outbox' and column_name = 'kept_schema_probe'`.execute(
    store.db,
  );
  return rows[0]?.found === 1;
}

describe.skipIf(postgresUrl === undefined)("schemas kept between blocks on PostgreSQL", () => {
  describe("a block that adds a column", () => {
    const store = useMigratedStore(postgres!);
    it("changes its schema", async () => {
      urls.push(store.url);
      await sql`alter table outbox add column kept_schema_probe text`.execute(store.db);
      expect(await hasExtraColumn(store)).toBe(true);
    });
  });

  describe("the block after it", () => {
    const store = useMigratedStore(postgres!);
    it("is given another schema, as the migrations made it", async () => {
      urls.push(store.url);
      expect(urls[1]).not.toBe(urls[0]);
      expect(await hasExtraColumn(store)).toBe(false);
      await store.db
        .insertInto("guild_settings")
        .values({ guild_id: "100000000000000001", admin_channel_id: null, created_at: 1, updated_at: 1 })
        .execute();
    });
  });

  describe("a block after one that changed only rows", () => {
    const store = useMigratedStore(postgres!);
    // Read before any test's emptying, as a block's own beforeAll would (starting a worker, say).
    let rowsAtStart: unknown[] = [];
    beforeAll(async () => {
      rowsAtStart = await store.db.selectFrom("guild_settings").selectAll().execute();
    });
    it("is given that schema, with no rows in it from its start", () => {
      urls.push(store.url);
      expect(urls[2]).toBe(urls[1]);
      expect(rowsAtStart).toEqual([]);
    });
  });
});
