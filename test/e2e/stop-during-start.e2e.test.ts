// docs/operations.md, "5. Start it": a SIGTERM while the bot is still starting (here: the gateway logging in, one
// shard's READY held back by the fake Discord) cuts the login short, then stops what was started in order and
// exits 0, finishing an interaction that came in on the shard already connected, also when READY never comes;
// a second signal exits 1 at once. The bot runs as its own process (src/main.ts built, as `npm run start:built` runs it).
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REST } from "@discordjs/rest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord, type ReadyHold } from "../../fake-discord/index.js";
import { buildSandbox, type Sandbox } from "../../sandbox/sandbox.js";
import { commandData } from "../../src/commands/command-data.js";
import { deployCommands } from "../../src/discord/deploy-commands.js";
import { generateKeySpec } from "../../src/secrets/key-ring.js";
import { findFreePort } from "../../playground/free-port.js";
import { spawnBot, type BotProcess } from "./support/bot-process.js";
import { waitUntil } from "./support/wait-until.js";

describe("a stop asked for while the bot starts", () => {
  let discord: FakeDiscord;
  let sandbox: Sandbox;
  let dataDir: string;
  let guildId: string;
  let channelId: string;
  let memberId: string;
  const bots: BotProcess[] = [];

  beforeAll(async () => {
    discord = await createFakeDiscord();
    sandbox = await buildSandbox({ seed: false });
    await sandbox.listen(0, "127.0.0.1");
    // On shard 0 of 2: its shard connects while shard 1 waits for the READY a test holds.
    guildId = discord.createGuild({ name: "Arena", shard: [0, 2] }).id;
    channelId = discord.createChannel(guildId, { name: "general" }).id;
    memberId = discord.createMember(guildId, { username: "alice" }).id;
    const rest = new REST({ api: discord.apiUrl }).setToken(discord.botToken);
    await deployCommands(rest, { applicationId: discord.applicationId, guildId }, commandData);
    dataDir = await mkdtemp(join(tmpdir(), "arena-stop-start-"));
  });

  afterEach(async () => {
    for (const bot of bots.splice(0)) await bot.kill();
  });

  afterAll(async () => {
    await discord.close();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function startBot(name: string): Promise<BotProcess & { exited: Promise<number | null> }> {
    const port = await findFreePort();
    const bot = spawnBot("src/main.ts", {
      NODE_ENV: "test",
      DISCORD_TOKEN: discord.botToken,
      DISCORD_APPLICATION_ID: discord.applicationId,
      DISCORD_API_URL: discord.apiUrl,
      PLATFORM_API_URL: `${sandbox.url}/v1`,
      DATABASE_URL: `file:${join(dataDir, `${name}.sqlite`)}`,
      DATA_DIR: dataDir,
      ENCRYPTION_KEYS: generateKeySpec("stop"),
      HOST: "127.0.0.1",
      PORT: String(port),
      METRICS_PORT: "off",
      SHARD_COUNT: "2",
      LOG_LEVEL: "debug",
    });
    bots.push(bot);
    const exited = once(bot.child, "exit").then(([code]) => code as number | null);
    return Object.assign(bot, { exited });
  }

  /** Until the bot logged that it stops (or exited: the old code's answer to a signal during start-up). */
  async function waitForShuttingDown(bot: BotProcess): Promise<void> {
    await waitUntil(() => bot.output().includes('"msg":"shutting down"') || bot.child.exitCode !== null, {
      timeoutMs: 30_000,
      what: "the bot to log that it is shutting down",
    });
  }

  /**
   * A bot inside its gateway login (shard 1 waits for the READY held) with an interaction on shard 0 whose
   * answer Discord took but has not acknowledged: a stop waits for that interaction to finish.
   */
  async function startWithInteractionInFlight(
    name: string,
    held: { readonly readyHeld: ReadyHold; readonly answerHeld: ReturnType<FakeDiscord["holdResponses"]> },
  ) {
    const bot = await startBot(name);
    await held.readyHeld.waitForCaught(1);
    await waitUntil(
      () =>
        discord.gateway.liveSessions().some((session) => session.shardId === 0 && session.socket !== null),
      { timeoutMs: 30_000, what: "shard 0 to be connected" },
    );
    const handle = discord.runCommand({ guildId, channelId, userId: memberId, name: "whoami" });
    await held.answerHeld.waitForCaught(1);
    return { bot, handle };
  }

  it("ends the login, finishes an interaction already taken, ends the sessions and exits 0", async () => {
    const readyHeld = discord.gateway.holdReady([1]);
    const answerHeld = discord.holdResponses("POST", /^\/interactions\/\d+\/[^/]+\/callback$/);
    try {
      const { bot, handle } = await startWithInteractionInFlight("graceful", { readyHeld, answerHeld });

      bot.child.kill("SIGTERM");
      await waitForShuttingDown(bot);
      answerHeld.release();
      readyHeld.release();

      expect(await bot.exited, bot.outputTail()).toBe(0);
      await handle.waitForFinal();
      // The handler ran to its end, and was not cut off by the exit.
      expect(bot.output()).toContain('"msg":"interaction handled"');
      // Both shards closed their sessions (code 1000) rather than being cut: Discord keeps none to resume.
      expect(discord.gateway.liveSessions()).toEqual([]);
    } finally {
      answerHeld.release();
      readyHeld.release();
    }
  });

  it("cuts short a gateway login that hangs, ends the sessions and exits 0", async () => {
    const readyHeld = discord.gateway.holdReady();
    try {
      const bot = await startBot("hung-login");
      await readyHeld.waitForCaught(2);
      bot.child.kill("SIGTERM");
      // READY is never released while the process runs: the stop does not wait for the login.
      expect(await bot.exited, bot.outputTail()).toBe(0);
      expect(bot.output()).not.toContain('"msg":"gateway shards running in this instance"');
      expect(bot.output()).not.toContain('"msg":"shutdown took too long; exiting"');
      expect(discord.gateway.liveSessions()).toEqual([]);
    } finally {
      readyHeld.release();
    }
  });

  it("cuts short a login whose GET /gateway/bot gets no answer and exits 0", async () => {
    const gatewayHeld = discord.holdResponses("GET", /^\/gateway\/bot$/);
    try {
      const bot = await startBot("hung-gateway-info");
      await gatewayHeld.waitForCaught(1);
      bot.child.kill("SIGTERM");
      expect(await bot.exited, bot.outputTail()).toBe(0);
      expect(bot.output()).not.toContain('"msg":"shutdown took too long; exiting"');
    } finally {
      gatewayHeld.release();
    }
  });

  it("exits 1 at once on a second signal during start-up", async () => {
    const readyHeld = discord.gateway.holdReady([1]);
    const answerHeld = discord.holdResponses("POST", /^\/interactions\/\d+\/[^/]+\/callback$/);
    try {
      const { bot } = await startWithInteractionInFlight("forced", { readyHeld, answerHeld });
      bot.child.kill("SIGTERM");
      await waitForShuttingDown(bot);
      bot.child.kill("SIGINT");
      // The first stop waits for the interaction, whose answer is never released before the process is gone
      // (the login alone is cut short at once, so a stop waiting only for it could end before the signal).
      expect(await bot.exited, bot.outputTail()).toBe(1);
      // Ended by the second signal, not by the first stop's grace running out.
      expect(bot.output()).not.toContain('"msg":"shutdown took too long; exiting"');
    } finally {
      answerHeld.release();
      readyHeld.release();
    }
  });
});
