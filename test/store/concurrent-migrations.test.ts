// "Migrations are safe when two instances start at once" (docs/architecture.md, "Growing past one machine"):
// two processes (SQLite file) or two pools (PostgreSQL) open and migrate one fresh database at the same
// moment; both succeed, the schema is complete and each migration is recorded once. On SQLite both the WAL
// switch at open and the migration itself failed this before (SQLITE_BUSY; "table already exists").
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface, type Interface } from "node:readline";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrations } from "../../migrations/index.js";
import { createDb, type Store } from "../../src/store/create-db.js";
import { migrateToLatest } from "../../src/store/migrate.js";
import { builtEntry, repoRoot } from "../e2e/support/bot-process.js";
import {
  createFreshPostgresDatabase,
  type FreshPostgresDatabase,
} from "../e2e/support/fresh-postgres-database.js";
import { postgresUrl } from "./databases.js";

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

async function readSchema(store: Store): Promise<{ tables: string[]; recorded: string[] }> {
  const tables = await store.db.introspection.getTables();
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
    store.db,
  );
  return {
    tables: tables.map((table) => table.name).sort(),
    recorded: rows.map((row) => row.name),
  };
}

/** One `migrate-on-cue` process: `migrate(url)` resolves with its answer for that file. */
interface MigratingProcess {
  migrate(url: string): Promise<{ applied?: string[]; error?: string }>;
  stop(): void;
}

async function startMigratingProcess(): Promise<MigratingProcess> {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [builtEntry("test/store/support/migrate-on-cue.ts")],
    { cwd: repoRoot, env: { PATH: process.env.PATH ?? "" } },
  );
  const errors: string[] = [];
  child.stderr.on("data", (chunk: Buffer) => errors.push(chunk.toString("utf8")));
  const lines: Interface = createInterface({ input: child.stdout });
  const iterator = lines[Symbol.asyncIterator]();
  const next = async (): Promise<string> => {
    const { value, done } = await iterator.next();
    if (done === true) throw new Error(`the migrating process exited:\n${errors.join("")}`);
    return value;
  };
  expect(await next()).toBe("ready");
  return {
    async migrate(url) {
      child.stdin.write(`${url}\n`);
      return JSON.parse(await next()) as { applied?: string[]; error?: string };
    },
    stop: () => child.kill(),
  };
}

describe("two processes migrating one fresh SQLite file at once", () => {
  // Opening and migrating each file takes milliseconds, so the overlap is tried on several.
  const rounds = 12;
  let folder: string;
  const processes: MigratingProcess[] = [];

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "arena-migrate-"));
    processes.push(...(await Promise.all([startMigratingProcess(), startMigratingProcess()])));
  }, 30_000);

  afterAll(async () => {
    for (const child of processes) child.stop();
    await rm(folder, { recursive: true, force: true });
  });

  // A round takes about 2 s on a loaded 2-core machine, more with each migration added: hence the long limit.
  it("both succeed, the schema is complete and each migration is recorded once", async () => {
    // Several fresh files, each told to both processes in the same tick, so the two runs overlap.
    for (let round = 0; round < rounds; round += 1) {
      const url = `file:${join(folder, `bot-${round}.sqlite`)}`;
      const answers = await Promise.all(processes.map((child) => child.migrate(url)));
      expect(answers.map((answer) => answer.error)).toEqual([undefined, undefined]);
      expect(answers.flatMap((answer) => answer.applied ?? [])).toEqual(Object.keys(migrations));
      const store = await createDb(url);
      try {
        const schema = await readSchema(store);
        expect(schema.tables.filter((name) => !name.startsWith("kysely_"))).toEqual(expectedTables);
        expect(schema.recorded).toEqual(Object.keys(migrations));
      } finally {
        await store.close();
      }
    }
  }, 120_000);
});

describe.skipIf(postgresUrl === undefined)(
  "two pools migrating one fresh PostgreSQL database at once (runs when TEST_DATABASE_URL is set)",
  () => {
    let database: FreshPostgresDatabase | undefined;

    beforeAll(async () => {
      database = await createFreshPostgresDatabase(postgresUrl!, "migrate");
    });

    afterAll(async () => {
      await database?.drop();
    });

    it("both succeed, the schema is complete and each migration is recorded once", async () => {
      const url = database!.url;
      const [first, second] = await Promise.all([createDb(url), createDb(url)]);
      try {
        const results = await Promise.all([migrateToLatest(first.db), migrateToLatest(second.db)]);
        expect(results.flat()).toEqual(Object.keys(migrations));
        const schema = await readSchema(first);
        expect(schema.tables.filter((name) => !name.startsWith("kysely_"))).toEqual(expectedTables);
        expect(schema.recorded).toEqual(Object.keys(migrations));
      } finally {
        await first.close();
        await second.close();
      }
    });
  },
);
