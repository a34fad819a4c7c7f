import { NO_MIGRATIONS } from "kysely";
import { describe, expect, it } from "vitest";
import { migrations } from "../../migrations/index.js";
import { createDb, type Store } from "../../src/store/create-db.js";
import { migrateToLatest } from "../../src/store/migrate.js";
import { postgresUrl, testDatabases, type TestDatabase } from "./databases.js";
import { currentSchema, migratorOf } from "./test-migrator.js";

const expectedTables = [
  "battle_answers",
  "battle_cards",
  "battle_thread_pauses",
  "digest_weeks",
  "guild_removals",
  "guild_role_settings",
  "guild_settings",
  "inbox_events",
  "leaderboard_refreshes",
  "link_refresh_leases",
  "linked_role_states",
  "member_activity",
  "member_links",
  "member_teams",
  "member_tier_roles",
  "message_threads",
  "oauth_states",
  "operator_webhook_secrets",
  "outbox",
  "personal_links",
  "platform_users",
  "reminder_role_grants",
  "reminder_settings",
  "role_connection_writes",
  "role_connections",
  "seen_interactions",
  "subscriptions",
  "tier_roles",
  "tiers",
  "token_revocations",
  "tournament_event_settings",
  "tournament_events",
  "tournament_reminders",
  "webhook_change_leases",
  "webhook_endpoints",
  "webhook_retired_secrets",
  "write_probe",
];

async function withEmptyStore(database: TestDatabase, run: (store: Store, url: string) => Promise<void>) {
  const empty = await database.createEmpty();
  const store = await createDb(empty.url);
  try {
    await run(store, empty.url);
  } finally {
    await store.close();
    await empty.dispose();
  }
}

/** Tables in this store's own schema (PostgreSQL introspection sees every schema in the database). */
async function listTables(store: Store): Promise<string[]> {
  const schema = store.dialect === "postgres" ? await currentSchema(store) : undefined;
  const tables = await store.db.introspection.getTables();
  return tables
    .filter((table) => schema === undefined || table.schema === schema)
    .map((table) => table.name)
    .sort();
}

describe.each(testDatabases())("migrateToLatest on $name", (database) => {
  it("creates every table, and a second run changes nothing", async () => {
    await withEmptyStore(database, async (store) => {
      expect(await migrateToLatest(store.db)).toEqual(Object.keys(migrations));
      expect(await listTables(store)).toEqual(expectedTables);
      expect(await migrateToLatest(store.db)).toEqual([]);
      expect(await listTables(store)).toEqual(expectedTables);
    });
  });

  it("rolls every migration back down and up again", async () => {
    await withEmptyStore(database, async (store) => {
      await migrateToLatest(store.db);
      const migrator = await migratorOf(store);
      const down = await migrator.migrateTo(NO_MIGRATIONS);
      expect(down.error).toBeUndefined();
      expect(await listTables(store)).toEqual([]);
      expect(await migrateToLatest(store.db)).toEqual(Object.keys(migrations));
    });
  });
});

describe.skipIf(postgresUrl === undefined)(
  "migrateToLatest on PostgreSQL (runs when TEST_DATABASE_URL is set)",
  () => {
    const [postgres] = testDatabases().filter((database) => database.dialect === "postgres");

    it("lets two processes migrate the same database at once", async () => {
      const empty = await postgres!.createEmpty();
      const first = await createDb(empty.url);
      const second = await createDb(empty.url);
      try {
        const results = await Promise.all([migrateToLatest(first.db), migrateToLatest(second.db)]);
        expect(results.flat()).toEqual(Object.keys(migrations));
        expect(await listTables(first)).toEqual(expectedTables);
      } finally {
        await first.close();
        await second.close();
        await empty.dispose();
      }
    });

    it("keeps its bookkeeping in the connection's own schema beside other migrated schemas", async () => {
      const [one, two] = [await postgres!.createEmpty(), await postgres!.createEmpty()];
      const [storeOne, storeTwo] = [await createDb(one.url), await createDb(two.url)];
      try {
        await migrateToLatest(storeOne.db);
        expect(await migrateToLatest(storeTwo.db)).toEqual(Object.keys(migrations));
      } finally {
        await storeOne.close();
        await storeTwo.close();
        await one.dispose();
        await two.dispose();
      }
    });
  },
);
