// The databases every store test runs on: SQLite in memory and in a temp file, and PostgreSQL when
// TEST_DATABASE_URL is set. Each PostgreSQL user gets its own fresh schema (search_path set through the
// connection's `options`), so test files running in parallel never see each other's rows.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import { createDb, type Store } from "../../src/store/create-db.js";
import type { Database } from "../../src/store/database.js";
import { migrateToLatest } from "../../src/store/migrate.js";

export const postgresUrl = process.env.TEST_DATABASE_URL === "" ? undefined : process.env.TEST_DATABASE_URL;

export interface EmptyDatabase {
  /** A DATABASE_URL for it; open it as many times as needed (except in memory, where each open is new). */
  readonly url: string;
  dispose(): Promise<void>;
}

export interface TestDatabase {
  readonly name: string;
  readonly dialect: Store["dialect"];
  /** True when two createDb(url) calls reach the same data. */
  readonly shared: boolean;
  createEmpty(): Promise<EmptyDatabase>;
}

const sqliteMemory: TestDatabase = {
  name: "SQLite in memory",
  dialect: "sqlite",
  shared: false,
  createEmpty: () => Promise.resolve({ url: ":memory:", dispose: () => Promise.resolve() }),
};

/** For a test that needs the file itself (another connection holding its lock, say): `url` names it. */
export const sqliteFile: TestDatabase = {
  name: "SQLite file",
  dialect: "sqlite",
  shared: true,
  createEmpty() {
    const folder = mkdtempSync(path.join(os.tmpdir(), "store-test-"));
    const dispose = () => {
      rmSync(folder, { recursive: true, force: true });
      return Promise.resolve();
    };
    return Promise.resolve({ url: `file:${path.join(folder, "bot.sqlite")}`, dispose });
  },
};

function postgres(url: string): TestDatabase {
  return {
    name: "PostgreSQL",
    dialect: "postgres",
    shared: true,
    async createEmpty() {
      const schema = `${inject("postgresSchemaPrefix")}${randomBytes(6).toString("hex")}`;
      await runAdminQuery(url, `create schema ${schema}`);
      // Dropped when the whole run is over (test/support/postgres-schemas.ts), never while another file migrates.
      return { url: withSearchPath(url, schema), dispose: () => Promise.resolve() };
    },
  };
}

async function runAdminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function withSearchPath(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set("options", `-c search_path=${schema}`);
  return parsed.toString();
}

/** The databases to run a suite on, for `describe.each(testDatabases())("… on $name", …)`. */
export function testDatabases(): TestDatabase[] {
  return postgresUrl === undefined
    ? [sqliteMemory, sqliteFile]
    : [sqliteMemory, sqliteFile, postgres(postgresUrl)];
}

export interface MigratedStore {
  readonly db: Kysely<Database>;
  readonly store: Store;
  readonly url: string;
}

/**
 * One migrated database for the enclosing describe block, emptied before each test. Read the returned
 * object's fields inside tests (they are set in beforeAll).
 *
 * On PostgreSQL a block's schema is kept for the next block of this worker's files when the block left its
 * schema as the migrations made it (`readSchemaShape`): migrating a new schema took about 0.3 s (0.45 s on a
 * busy machine), which over the suite's many blocks on PostgreSQL was about a fourteenth of its time. A kept
 * schema is handed on with every row deleted, so a block starts as on a new one; one whose tables, columns,
 * indexes, constraints, triggers, functions or recorded migrations a test changed is left behind.
 */
export function useMigratedStore(database: TestDatabase): MigratedStore {
  let store: Store | undefined;
  let empty: EmptyDatabase | undefined;
  let shape: string | undefined;
  beforeAll(async () => {
    const kept = database.dialect === "postgres" ? keptSchemas.pop() : undefined;
    empty = kept?.empty ?? (await database.createEmpty());
    store = await createDb(empty.url);
    // A kept schema is up to date already: this reads its migration table and applies nothing.
    await migrateToLatest(store.db);
    if (kept !== undefined) await deleteAllRows(store.db);
    shape = kept?.shape ?? (database.dialect === "postgres" ? await readSchemaShape(store.db) : undefined);
  });
  beforeEach(async () => {
    if (store !== undefined) await deleteAllRows(store.db);
  });
  afterAll(async () => {
    const unchanged =
      store !== undefined &&
      shape !== undefined &&
      (await readSchemaShape(store.db).catch(() => undefined)) === shape;
    await store?.close();
    if (unchanged && empty !== undefined && shape !== undefined) keptSchemas.push({ empty, shape });
    else await empty?.dispose();
  });
  return {
    get db() {
      return required(store).db;
    },
    get store() {
      return required(store);
    },
    get url() {
      return required(empty).url;
    },
  };
}

/** Migrated PostgreSQL schemas this worker's earlier blocks left as they found them (useMigratedStore). */
const keptSchemas: { readonly empty: EmptyDatabase; readonly shape: string }[] = [];

/**
 * What a PostgreSQL schema is made of, as one text: its tables' columns, its indexes, constraints, triggers
 * and functions, and the migrations it records. Rows are not part of it.
 */
async function readSchemaShape(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ readonly item: string }>`
    select 'column ' || table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' '
      || coalesce(column_default, '') as item
      from information_schema.columns where table_schema = current_schema()
    union all select 'index ' || indexdef from pg_indexes where schemaname = current_schema()
    union all select 'constraint ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
      from pg_constraint where connamespace = current_schema()::regnamespace
    union all select 'trigger ' || event_object_table || ' ' || trigger_name || ' ' || action_statement
      from information_schema.triggers where trigger_schema = current_schema()
    union all select 'function ' || proname from pg_proc where pronamespace = current_schema()::regnamespace
    union all select 'migration ' || name from kysely_migration
    order by item`.execute(db);
  return rows.map((row) => row.item).join("\n");
}

/** Every table, checked against Database by the compiler; the outbox refers to the inbox, so it comes first. */
const tablesInDeleteOrder = Object.keys({
  outbox: true,
  tournament_reminders: true,
  reminder_settings: true,
  inbox_events: true,
  member_links: true,
  oauth_states: true,
  guild_settings: true,
  subscriptions: true,
  webhook_retired_secrets: true,
  operator_webhook_secrets: true,
  webhook_endpoints: true,
  battle_cards: true,
  battle_answers: true,
  platform_users: true,
  seen_interactions: true,
  guild_removals: true,
  tiers: true,
  guild_role_settings: true,
  tier_roles: true,
  member_tier_roles: true,
  member_activity: true,
  member_teams: true,
  battle_thread_pauses: true,
  message_threads: true,
  tournament_event_settings: true,
  tournament_events: true,
  write_probe: true,
  linked_role_states: true,
  role_connections: true,
  role_connection_writes: true,
  token_revocations: true,
  personal_links: true,
  leaderboard_refreshes: true,
  digest_weeks: true,
  webhook_change_leases: true,
  link_refresh_leases: true,
  reminder_role_grants: true,
} satisfies Record<keyof Database, true>) as (keyof Database)[];

/** In one transaction: one commit, where a commit a table cost a SQLite file or PostgreSQL one each. */
async function deleteAllRows(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const table of tablesInDeleteOrder) await trx.deleteFrom(table).execute();
  });
}

function required<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("the store is opened in beforeAll; read it inside a test");
  return value;
}
