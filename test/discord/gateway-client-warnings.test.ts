// A normal start prints no warning. discord.js's Client warned UnsupportedCacheOverwriteWarning (once per
// process) for the guild and channel caches the bot kept empty; the gateway client has no cache to warn about.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { REST } from "@discordjs/rest";
import { type APIInteraction, GatewayDispatchEvents, Routes } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGatewayClient } from "../../src/discord/create-gateway-client.js";
import { generateKeySpec } from "../../src/secrets/key-ring.js";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * `npm start` runs the sources through tsx, which transforms the whole module graph first: about 6 s on a quiet
 * 2-core machine and 13 s while other tests load it; a slower machine as loaded could pass the suite's 60 s.
 */
const startTimeoutMs = 90_000;

describe("warnings on a normal start", () => {
  let fake: FakeDiscord;

  beforeAll(async () => {
    fake = await createFakeDiscord();
    // Guilds with channels, threads, roles and overwrites: what discord.js built its caches from.
    fake.seedRealisticGuilds({ count: 30, seed: 3 });
    await new REST({ api: fake.apiUrl })
      .setToken(fake.botToken)
      .put(Routes.applicationCommands(fake.applicationId), { body: [{ name: "ping", description: "Ping" }] });
  });

  afterAll(async () => {
    await fake.close();
  });

  it("emits no process warning while the bot's gateway client logs in, takes an interaction and stops", async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    try {
      const client = createGatewayClient({ apiUrl: fake.apiUrl, shards: "auto" });
      const ready = once(client, "clientReady");
      await client.login(fake.botToken);
      await ready;
      const guild = fake.guilds()[4]!;
      const channel = [...guild.channels.values()].find((candidate) => candidate.type === 0)!;
      const member = fake.createMember(guild.id, { username: "player" });
      const received = new Promise<APIInteraction>((resolve) =>
        client.ws.once(GatewayDispatchEvents.InteractionCreate, resolve),
      );
      fake.runCommand({ guildId: guild.id, channelId: channel.id, userId: member.id, name: "ping" });
      expect((await received).guild_id).toBe(guild.id);
      await client.destroy();
      // Node emits 'warning' on the next tick after process.emitWarning.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("warning", onWarning);
    }
    expect(warnings.map((warning) => `${warning.name}: ${warning.message}`)).toEqual([]);
  });

  it(
    "prints no warning on `npm start`'s stderr, nor a warn-level log line, until the gateway is ready",
    { timeout: startTimeoutMs },
    async () => {
      const folder = await mkdtemp(path.join(tmpdir(), "arena-start-"));
      const child = spawn(process.execPath, ["--trace-warnings", "--import", "tsx", "src/main.ts"], {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? "",
          DISCORD_TOKEN: fake.botToken,
          DISCORD_APPLICATION_ID: fake.applicationId,
          DISCORD_API_URL: fake.apiUrl,
          PLATFORM_API_URL: "http://127.0.0.1:9/v1",
          HOST: "127.0.0.1",
          PORT: "0",
          METRICS_PORT: "off",
          DATABASE_URL: `file:${path.join(folder, "bot.sqlite")}`,
          DATA_DIR: folder,
          ENCRYPTION_KEYS: generateKeySpec("k1"),
          SHARD_COUNT: "auto",
          LOG_LEVEL: "info",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
      const exited = once(child, "exit");
      try {
        await new Promise<void>((resolve, reject) => {
          child.stdout.on("data", (chunk: Buffer) => {
            stdout += chunk.toString("utf8");
            if (stdout.includes('"msg":"gateway shard ready"')) resolve();
          });
          void exited.then(() => {
            reject(new Error(`the bot exited before its gateway was ready:\n${stdout}\n${stderr}`));
          });
        });
        child.kill("SIGTERM");
        await exited;
      } finally {
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
        await rm(folder, { recursive: true, force: true });
      }
      expect(stderr).not.toMatch(/warning/i);
      const levels = stdout
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => (JSON.parse(line) as { level: number; msg: string }).level);
      expect(levels.length).toBeGreaterThan(0);
      // pino: 40 warn, 50 error, 60 fatal.
      expect(levels.filter((level) => level >= 40)).toEqual([]);
    },
  );
});
