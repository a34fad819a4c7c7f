// End-to-end world: the platform sandbox, the fake Discord and the real bot (startBot, the production code
// path), all on 127.0.0.1. Tests act as members through the fake's driver and read what the bot answered.
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { startBot, type RunningBot } from "../../src/bot/start-bot.js";
import { commandData } from "../../src/commands/command-data.js";
import { loadConfig } from "../../src/config.js";
import { deployCommands } from "../../src/discord/deploy-commands.js";
import { createFakeDiscord, type FakeDiscord } from "../../src/fake-discord/index.js";
import type { FakeUser } from "../../src/fake-discord/index.js";
import { createLogger } from "../../src/logger.js";
import { buildSandbox, type Sandbox } from "../../src/sandbox/sandbox.js";
import { generateKeySpec } from "../../src/secrets/key-ring.js";

export interface EndToEnd {
  readonly sandbox: Sandbox;
  readonly discord: FakeDiscord;
  readonly bot: RunningBot;
  readonly guildId: string;
  readonly channelId: string;
  readonly members: { readonly alice: FakeUser; readonly bob: FakeUser; readonly admin: FakeUser };
  readonly databaseFile: string;
  readonly publicUrl: string;
  /** Everything the bot logged, for secret-leak checks. */
  logs(): string;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
  return port;
}

export interface EndToEndOptions {
  readonly platformTimeoutMs?: number;
  readonly env?: Readonly<Record<string, string>>;
}

export async function startEndToEnd(options: EndToEndOptions = {}): Promise<EndToEnd> {
  const dataDir = await mkdtemp(join(tmpdir(), "arena-e2e-"));
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const sandbox = await buildSandbox({
    autoApprove: true,
    oauthClient: { redirectUris: [`${publicUrl}/oauth/callback`] },
  });
  await sandbox.listen(0, "127.0.0.1");
  const oauthClient = sandbox.oauthClient;
  if (oauthClient === undefined) throw new Error("the sandbox registered no OAuth client");

  const discord = await createFakeDiscord();
  const guild = discord.createGuild({ name: "Arena", channels: ["battles", "announcements"] });
  const channelId = discord.createChannel(guild.id, { name: "general" }).id;
  const members = {
    alice: discord.createMember(guild.id, { username: "alice" }),
    bob: discord.createMember(guild.id, { username: "bob" }),
    admin: discord.createMember(guild.id, { username: "admin", permissions: ["ManageGuild"] }),
  };

  const chunks: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString("utf8"));
      callback();
    },
  });
  const databaseFile = join(dataDir, "bot.sqlite");
  const config = loadConfig({
    NODE_ENV: "test",
    DISCORD_TOKEN: discord.botToken,
    DISCORD_APPLICATION_ID: discord.applicationId,
    DISCORD_API_URL: discord.apiUrl,
    PLATFORM_API_URL: `${sandbox.url}/v1`,
    PLATFORM_AUTH_URL: sandbox.url,
    PLATFORM_TOKEN_URL: sandbox.url,
    PLATFORM_CLIENT_ID: oauthClient.clientId,
    PLATFORM_CLIENT_SECRET: oauthClient.clientSecret,
    PLATFORM_TIMEOUT_MS: String(options.platformTimeoutMs ?? 5000),
    PUBLIC_URL: publicUrl,
    HOST: "127.0.0.1",
    PORT: String(port),
    DATABASE_URL: `file:${databaseFile}`,
    DATA_DIR: dataDir,
    ENCRYPTION_KEYS: generateKeySpec("e2e"),
    LOG_LEVEL: "debug",
    ...options.env,
  });
  const logger = createLogger({ level: "debug" }, logStream);
  const bot = await startBot(config, logger);
  const client = bot.client;
  if (client !== undefined && !client.isReady()) await once(client, "clientReady");
  await deployCommands(
    bot.deps.rest,
    { applicationId: discord.applicationId, guildId: guild.id },
    commandData,
  );

  return {
    sandbox,
    discord,
    bot,
    guildId: guild.id,
    channelId,
    members,
    databaseFile,
    publicUrl,
    logs: () => chunks.join(""),
    async close() {
      await bot.stop();
      await discord.close();
      await sandbox.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
