// docs/operations.md, "When PostgreSQL cannot write": after a failover the bot's connections reach a
// PostgreSQL server that cannot write (a standby, or a primary demoted to one). The test plays that on a
// database of its own: it makes new sessions read-only (`default_transaction_read_only`, as a standby's are)
// and ends the bot's connections, so the pool reconnects into read-only sessions. /readyz then answers 503
// "cannot write: read-only", a webhook is answered 503 with a request id and stored nowhere, /healthz stays
// 200. Once sessions can write again (the new primary), sessions already open stay read-only: the pool must
// drop them for /readyz to answer 200 again, and the platform's retry is stored and posted once.
import { createHmac } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { findFreePort } from "../../playground/free-port.js";
import { buildSandbox, type Sandbox } from "../../sandbox/sandbox.js";
import { createDb } from "../../src/store/create-db.js";
import { migrateToLatest } from "../../src/store/migrate.js";
import { createSubscription } from "../../src/store/subscriptions.js";
import { postgresUrl } from "../store/databases.js";
import { spawnBot, waitForReady, type BotProcess } from "./support/bot-process.js";
import { createFreshPostgresDatabase } from "./support/fresh-postgres-database.js";
import { countInbox } from "./support/outbox-counts.js";
import { readReadiness, type Readiness } from "./support/readiness.js";
import { sqliteBotSettings } from "./support/sqlite-bot-file.js";
import { waitUntil } from "./support/wait-until.js";

const webhookSecret = "read-only-postgres-operator-secret";

describe.skipIf(postgresUrl === undefined)(
  "a bot whose PostgreSQL sessions turn read-only (runs only when TEST_DATABASE_URL is set)",
  () => {
    let discord: FakeDiscord;
    let databaseUrl: string;
    let databaseName: string;
    let channelId: string;
    let botUrl: string;
    let bot: BotProcess;
    const cleanups: (() => Promise<unknown>)[] = [];

    beforeAll(async () => {
      const database = await createFreshPostgresDatabase(postgresUrl!, "read_only");
      cleanups.push(() => database.drop());
      databaseUrl = database.url;
      databaseName = new URL(database.url).pathname.slice(1);
      discord = await createFakeDiscord();
      cleanups.push(() => discord.close());
      const sandbox: Sandbox = await buildSandbox({ seed: false });
      cleanups.push(() => sandbox.close());
      await sandbox.listen(0, "127.0.0.1");
      const guild = discord.createGuild({ name: "Read only" });
      channelId = discord.createChannel(guild.id, { name: "feed" }).id;

      const store = await createDb(databaseUrl);
      try {
        await migrateToLatest(store.db);
        await createSubscription(store.db, {
          guildId: guild.id,
          channelId,
          eventKinds: ["system.tournament_started"],
          filters: {},
          createdBy: "read-only-postgres-test",
          now: Date.now(),
        });
      } finally {
        await store.close();
      }

      const dataDir = await mkdtemp(join(tmpdir(), "arena-read-only-postgres-"));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const port = await findFreePort();
      botUrl = `http://127.0.0.1:${port}`;
      // The SQLite fault tests' settings, on this database.
      const env = {
        ...sqliteBotSettings({ discord, sandbox, webhookSecret, databasePath: "", dataDir, port }),
        DATABASE_URL: databaseUrl,
      };
      bot = spawnBot("src/main.ts", env);
      cleanups.push(() => bot.kill());
      await waitForReady(bot, botUrl, 60_000);
    }, 120_000);

    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    /** Runs `statement` on the server's `test` database, beside the bot's. */
    async function admin(statement: string, values: unknown[] = []): Promise<void> {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      try {
        await client.query(statement, values);
      } finally {
        await client.end();
      }
    }

    async function deliver(): Promise<{ status: number; body: unknown }> {
      const body = JSON.stringify({
        id: "evt_read_only_postgres",
        event: "system.tournament_started",
        created: new Date().toISOString(),
        data: { object: "tournament", id: "trn_read_only", title: "Standby Cup" },
      });
      const signature = `sha256=${createHmac("sha256", webhookSecret).update(body).digest("hex")}`;
      const response = await fetch(`${botUrl}/webhooks/platform`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-service-signature": signature },
        body,
        signal: AbortSignal.timeout(30_000),
      });
      return { status: response.status, body: await response.json() };
    }

    async function waitForReadiness(
      what: string,
      wanted: (readiness: Readiness) => boolean,
    ): Promise<Readiness> {
      let last: Readiness | undefined;
      await waitUntil(
        async () => {
          if (bot.child.exitCode !== null) {
            throw new Error(`the bot exited with ${bot.child.exitCode}:\n${bot.outputTail()}`);
          }
          last = await readReadiness(botUrl);
          return wanted(last);
        },
        { timeoutMs: 30_000, what, intervalMs: 50 },
      );
      return last!;
    }

    it("is not ready and answers 503 while sessions are read-only, and recovers once they can write", async () => {
      await admin(`alter database ${databaseName} set default_transaction_read_only = on`);
      // The failover: every connection is lost, and those opened next are read-only.
      await admin(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [databaseName],
      );

      const notReady = await waitForReadiness(
        "/readyz to say the database cannot write",
        (readiness) => readiness.status === 503 && JSON.stringify(readiness.body).includes("cannot write"),
      );
      expect(notReady.body).toMatchObject({
        checks: { database: expect.stringMatching(/^cannot write: read-only \(since /) as unknown },
      });
      const refused = await deliver();
      expect(refused).toEqual({
        status: 503,
        body: { error: "database_unavailable", requestId: expect.any(String) as unknown },
      });
      expect((await fetch(`${botUrl}/healthz`)).status).toBe(200);
      expect(bot.output()).toContain("the database cannot write: read-only");

      // The new primary: new sessions can write, the bot's open ones are still read-only.
      await admin(`alter database ${databaseName} reset default_transaction_read_only`);
      await waitForReadiness("/readyz to answer 200 again", (readiness) => readiness.status === 200);

      // The platform retries while it is answered 503.
      const answers: number[] = [];
      await waitUntil(
        async () => {
          answers.push((await deliver()).status);
          return answers.at(-1) !== 503;
        },
        { timeoutMs: 30_000, what: "the webhook to be taken", intervalMs: 50 },
      );
      expect(answers.at(-1)).toBe(200);
      await waitUntil(() => discord.messages(channelId).length > 0, {
        timeoutMs: 30_000,
        what: "the accepted event to be posted",
        intervalMs: 50,
      });
      const store = await createDb(databaseUrl);
      try {
        expect(await countInbox(store.db)).toBe(1);
      } finally {
        await store.close();
      }
      const posts = discord
        .messages(channelId)
        .flatMap((message) => message.embeds)
        .filter((embed) => JSON.stringify(embed).includes("Standby Cup"));
      expect(posts).toHaveLength(1);
      expect(bot.output()).toContain("the database can write again");
    }, 180_000);
  },
);
