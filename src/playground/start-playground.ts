// The whole bot on one machine with no settings (the playground): the platform sandbox, the fake Discord
// and the real bot (startBot, the production code path), all on 127.0.0.1, data in a temp dir.
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DestinationStream } from "pino";
import { startBot, type RunningBot } from "../bot/start-bot.js";
import { commandData } from "../commands/command-data.js";
import { loadConfig } from "../config.js";
import { deployCommands } from "../discord/deploy-commands.js";
import { eventKinds } from "../events/event-kinds.js";
import { createFakeDiscord, type FakeDiscord, type FakeUser } from "../fake-discord/index.js";
import { createLogger } from "../logger.js";
import { buildSandbox, type Sandbox } from "../sandbox/sandbox.js";
import { generateKeySpec } from "../secrets/key-ring.js";
import { randomBytes } from "node:crypto";
import { findFreePort } from "./free-port.js";

/** A Discord member of the playground guild and the sandbox account its `link` uses. */
export interface PlaygroundMember {
  readonly user: FakeUser;
  readonly platformUsername: string;
}

export interface Playground {
  readonly sandbox: Sandbox;
  readonly discord: FakeDiscord;
  readonly bot: RunningBot;
  readonly guildId: string;
  readonly channels: ReadonlyMap<string, string>;
  readonly members: ReadonlyMap<string, PlaygroundMember>;
  /** Where attachments the bot sent are saved. */
  readonly dataDir: string;
  close(): Promise<void>;
}

export interface PlaygroundOptions {
  /** Where the bot's warn-level logs go; stdout unless given. */
  readonly logDestination?: DestinationStream;
}

// Discord names mapped to seeded sandbox users; the admin uses carol's write key (alice holds the admin key).
const memberSeeds = [
  { username: "alice", platformUsername: "alice", permissions: [] },
  { username: "bob", platformUsername: "bob", permissions: [] },
  { username: "admin", platformUsername: "carol", permissions: ["ManageGuild"] },
] as const;

export async function startPlayground(options: PlaygroundOptions = {}): Promise<Playground> {
  const dataDir = await mkdtemp(join(tmpdir(), "arena-playground-"));
  const port = await findFreePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const sandbox = await buildSandbox({
    autoApprove: true,
    oauthClient: { redirectUris: [`${publicUrl}/oauth/callback`] },
  });
  await sandbox.listen(0, "127.0.0.1");
  const oauthClient = sandbox.oauthClient;
  if (oauthClient === undefined) throw new Error("the sandbox registered no OAuth client");

  const discord = await createFakeDiscord();
  const guild = discord.createGuild({ name: "Playground" });
  const channels = new Map(
    ["general", "announcements"].map((name) => [name, discord.createChannel(guild.id, { name }).id]),
  );
  const members = new Map(
    memberSeeds.map((seed) => [
      seed.username,
      {
        user: discord.createMember(guild.id, { username: seed.username, permissions: [...seed.permissions] }),
        platformUsername: seed.platformUsername,
      },
    ]),
  );

  const webhookSecret = randomBytes(24).toString("hex");
  const config = loadConfig(
    {
      NODE_ENV: "development",
      DISCORD_TOKEN: discord.botToken,
      DISCORD_APPLICATION_ID: discord.applicationId,
      DISCORD_API_URL: discord.apiUrl,
      PLATFORM_API_URL: `${sandbox.url}/v1`,
      PLATFORM_AUTH_URL: sandbox.url,
      PLATFORM_TOKEN_URL: sandbox.url,
      PLATFORM_CLIENT_ID: oauthClient.clientId,
      PLATFORM_CLIENT_SECRET: oauthClient.clientSecret,
      PLATFORM_WEBHOOK_SECRET: webhookSecret,
      PUBLIC_URL: publicUrl,
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: `file:${join(dataDir, "bot.sqlite")}`,
      DATA_DIR: dataDir,
      ENCRYPTION_KEYS: generateKeySpec("playground"),
      LOG_LEVEL: "warn",
    },
    "start",
  );
  const logger = createLogger({ level: config.logLevel }, options.logDestination);
  const bot = await startBot(config, logger);
  const client = bot.client;
  if (client !== undefined && !client.isReady()) await once(client, "clientReady");
  await deployCommands(
    bot.deps.rest,
    { applicationId: discord.applicationId, guildId: guild.id },
    commandData,
  );
  await registerOperatorWebhook(sandbox, `${publicUrl}/webhooks/platform`, webhookSecret);
  await subscribeAnnouncements(discord, guild.id, channels, members.get("admin")?.user.id ?? "");

  return {
    sandbox,
    discord,
    bot,
    guildId: guild.id,
    channels,
    members,
    dataDir,
    async close() {
      await bot.stop();
      await discord.close();
      await sandbox.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The operator's webhook (platform-api.md, Webhooks): every event kind, signed with the bot's secret. */
async function registerOperatorWebhook(sandbox: Sandbox, url: string, secret: string): Promise<void> {
  const adminKey = sandbox.keys.find((key) => key.level === "admin")?.key;
  if (adminKey === undefined) throw new Error("the sandbox seeded no admin key");
  const response = await fetch(`${sandbox.url}/api/v1/webhooks`, {
    method: "POST",
    headers: { authorization: `Bearer ${adminKey}`, "content-type": "application/json" },
    body: JSON.stringify({ url, events: eventKinds, secret }),
  });
  if (!response.ok) throw new Error(`registering the operator webhook failed: ${response.status}`);
}

/** An admin routes the default event kinds into #announcements, the way a server would set it up. */
async function subscribeAnnouncements(
  discord: FakeDiscord,
  guildId: string,
  channels: ReadonlyMap<string, string>,
  adminId: string,
): Promise<void> {
  const reply = await discord
    .runCommandLine({
      guildId,
      channelId: channels.get("general") ?? "",
      userId: adminId,
      line: "/subscribe channel:#announcements",
    })
    .waitForFinal();
  if (/can't|cannot|failed|error/i.test(reply.content))
    throw new Error(`/subscribe failed: ${reply.content}`);
}
