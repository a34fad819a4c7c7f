// docs/operations.md, "When SQLite cannot write": the bot (its own process) started on a database file it may not
// write, as after a restore made by another user. File permissions do not bind root, so a test run as root
// starts the bot as the unprivileged user 65534 on files root owns; otherwise the file is made read-only.
// SQLite then opens it read-only, and the bot still starts: /readyz answers 503 "cannot write: read-only"
// from the first probe, a webhook is answered 503 and stored nowhere, /healthz stays 200. Once the file is
// the bot's again and it is restarted, the platform's retry is stored and posted once.
import { createHmac } from "node:crypto";
import { chmod, chown, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { findFreePort } from "../../playground/free-port.js";
import { buildSandbox, type Sandbox } from "../../sandbox/sandbox.js";
import { seedSubscribedFile, sqliteBotSettings } from "./support/sqlite-bot-file.js";
import { spawnBot, waitForReady, type BotProcess } from "./support/bot-process.js";
import { waitUntil } from "./support/wait-until.js";
import { messageThreadSource } from "../../src/store/message-threads.js";

const webhookSecret = "read-only-test-operator-secret";
const runAsRoot = process.getuid?.() === 0;
/** The conventional unprivileged user and group ("nobody"). */
const unprivileged = { uid: 65534, gid: 65534 };

describe("a bot started on a SQLite file it may not write", () => {
  let discord: FakeDiscord;
  let sandbox: Sandbox;
  let dataDir: string;
  let databasePath: string;
  let channelId: string;
  let botUrl: string;
  let env: Record<string, string>;
  let bot: BotProcess | undefined;

  beforeAll(async () => {
    discord = await createFakeDiscord();
    sandbox = await buildSandbox({ seed: false });
    await sandbox.listen(0, "127.0.0.1");
    const guild = discord.createGuild({ name: "Read only" });
    channelId = discord.createChannel(guild.id, { name: "feed" }).id;

    dataDir = await mkdtemp(join(tmpdir(), "arena-read-only-"));
    databasePath = join(dataDir, "bot.sqlite");
    await seedSubscribedFile(databasePath, {
      guildId: guild.id,
      channelId: channelId,
      createdBy: "read-only-test",
    });

    const port = await findFreePort();
    botUrl = `http://127.0.0.1:${port}`;
    env = {
      ...sqliteBotSettings({ discord, sandbox, webhookSecret, databasePath, dataDir, port }),
    };
  }, 60_000);

  afterAll(async () => {
    await bot?.kill();
    await discord.close();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Every file of the database (the file, its WAL and shared memory). */
  async function databaseFiles(): Promise<string[]> {
    return (await readdir(dataDir))
      .filter((name) => name.startsWith("bot.sqlite"))
      .map((name) => join(dataDir, name));
  }

  /** The folder is the bot's user's, the database files are not (or, not as root, are read-only). */
  async function takeWriteAway(): Promise<void> {
    if (runAsRoot) {
      await chown(dataDir, unprivileged.uid, unprivileged.gid);
      await chmod(dataDir, 0o755);
      for (const file of await databaseFiles()) await chmod(file, 0o644);
    } else {
      for (const file of await databaseFiles()) await chmod(file, 0o444);
    }
  }

  async function giveWriteBack(): Promise<void> {
    for (const file of await databaseFiles()) {
      if (runAsRoot) await chown(file, unprivileged.uid, unprivileged.gid);
      else await chmod(file, 0o644);
    }
  }

  function startBot(): BotProcess {
    return spawnBot("src/main.ts", env, runAsRoot ? unprivileged : undefined);
  }

  /** The first answer of /readyz once the bot listens; fails at once, with its output, if it exits first. */
  async function firstReadiness(started: BotProcess): Promise<{ status: number; body: unknown }> {
    let answer: { status: number; body: unknown } | undefined;
    await waitUntil(
      async () => {
        if (started.child.exitCode !== null) {
          throw new Error(`the bot exited with ${started.child.exitCode}:\n${started.outputTail()}`);
        }
        const response = await fetch(`${botUrl}/readyz`).catch(() => undefined);
        if (response === undefined) return false;
        answer = { status: response.status, body: await response.json() };
        return true;
      },
      { timeoutMs: 60_000, what: "/readyz to answer", intervalMs: 50 },
    );
    if (answer === undefined) throw new Error("/readyz never answered");
    return answer;
  }

  async function deliver(): Promise<number> {
    const body = JSON.stringify({
      id: "evt_read_only",
      event: "system.tournament_started",
      created: new Date().toISOString(),
      data: { object: "tournament", id: "trn_read_only", title: "Read Only Cup" },
    });
    const signature = `sha256=${createHmac("sha256", webhookSecret).update(body).digest("hex")}`;
    const response = await fetch(`${botUrl}/webhooks/platform`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-service-signature": signature },
      body,
      signal: AbortSignal.timeout(30_000),
    });
    await response.arrayBuffer();
    return response.status;
  }

  it("starts, says it cannot write, refuses webhooks with 503, and takes the retry once the file is its own", async () => {
    await takeWriteAway();
    bot = startBot();
    const readiness = await firstReadiness(bot);
    expect(readiness.status).toBe(503);
    expect(readiness.body).toMatchObject({
      checks: { database: expect.stringMatching(/^cannot write: read-only \(since /) as unknown },
    });
    expect(await deliver()).toBe(503);
    expect((await fetch(`${botUrl}/healthz`)).status).toBe(200);
    expect(bot.child.exitCode).toBeNull();
    expect(bot.output()).toContain("the database cannot write: read-only");

    // The connection was opened read-only: the file made the bot's again, it is restarted.
    await bot.kill();
    await giveWriteBack();
    bot = startBot();
    await waitForReady(bot, botUrl, 60_000);
    expect(await deliver()).toBe(200);

    await waitUntil(() => discord.messages(channelId).length > 0, {
      timeoutMs: 30_000,
      what: "the accepted event to be posted",
      intervalMs: 50,
    });
    const reader = new SqliteDatabase(databasePath, { readonly: true });
    // The platform's event; a tournament post's thread start keeps an inbox row of its own.
    const stored = reader
      .prepare("select event_id as id from inbox_events where source != ?")
      .all(messageThreadSource);
    reader.close();
    expect(stored).toEqual([{ id: "evt_read_only" }]);
    const posts = discord
      .messages(channelId)
      .flatMap((message) => message.embeds)
      .filter((embed) => JSON.stringify(embed).includes("Read Only Cup"));
    expect(posts).toHaveLength(1);
  }, 180_000);
});
