// The platform sandbox, the fake Discord and the real bot (buildBot, the production code path) together on
// 127.0.0.1, with the settings that join them. The playground and the end-to-end tests both stand on it.
import { once } from "node:events";
import { join } from "node:path";
import { buildBot, type BotOptions, type RunningBot } from "../src/bot/build-bot.js";
import { commandData } from "../src/commands/command-data.js";
import { loadConfig } from "../src/config.js";
import { deployCommands } from "../src/discord/deploy-commands.js";
import { createFakeDiscord, type FakeDiscord, type FakeDiscordOptions } from "../fake-discord/index.js";
import type { Logger } from "../src/logger.js";
import { buildSandbox, type Sandbox } from "../sandbox/sandbox.js";
import { generateKeySpec } from "../src/secrets/key-ring.js";
import { findFreePort } from "./free-port.js";

export interface LocalStackOptions {
  /** Holds the SQLite file (`bot.sqlite`); the caller owns and removes it. */
  readonly dataDir: string;
  readonly logger: Logger;
  /** Settings on top of the ones that join the three parts (e.g. LOG_LEVEL, PLATFORM_WEBHOOK_SECRET). */
  readonly env?: Readonly<Record<string, string>>;
  /** Builds the servers before the bot logs in; returns the guild ids to register the commands in. */
  readonly buildWorld: (discord: FakeDiscord) => readonly string[];
  /**
   * How interactions reach the bot: over the fake's gateway (default), or POSTed by the fake to the bot's
   * `/interactions`, signed with the fake application's key
   * (docs/architecture.md, "Growing past one machine").
   */
  readonly interactionsMode?: "gateway" | "http";
  /** For the fake Discord, e.g. `recommendedShards` for SHARD_COUNT=auto. */
  readonly discord?: FakeDiscordOptions;
  /** Passed to buildBot (e.g. a hook told when each interaction is done). */
  readonly startOptions?: BotOptions;
  /**
   * The sandbox's clock drives the fake Discord and the bot too, so moving it (`sandbox.advance`) moves all
   * three and wakes the bot's workers (the playground). Otherwise the two stand-ins and the bot each keep the
   * real time, unless `startOptions.clock` says otherwise.
   */
  readonly oneClock?: boolean;
}

export interface LocalStack {
  readonly sandbox: Sandbox;
  readonly discord: FakeDiscord;
  readonly bot: RunningBot;
  readonly publicUrl: string;
  readonly databaseFile: string;
  /**
   * One more bot instance on the same settings, with `env` on top (e.g. SHARD_IDS, or DATABASE_URL given to
   * both), listening on a port of its own; resolves once its gateway is ready. `close` stops it.
   */
  startAnotherBot(env: Readonly<Record<string, string>>): Promise<RunningBot>;
  /** Stops the bots, then the fake Discord and the sandbox. */
  close(): Promise<void>;
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const port = await findFreePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const sandbox = await buildSandbox({
    autoApprove: true,
    oauthClient: { redirectUris: [`${publicUrl}/oauth/callback`] },
  });
  await sandbox.listen(0, "127.0.0.1");
  const oauthClient = sandbox.oauthClient;
  if (oauthClient === undefined) throw new Error("the sandbox registered no OAuth client");

  const oneClock = options.oneClock === true ? { clock: sandbox.clock } : {};
  const discord = await createFakeDiscord({ ...options.discord, ...oneClock });
  const guildIds = options.buildWorld(discord);
  const databaseFile = join(options.dataDir, "bot.sqlite");
  const overHttp = options.interactionsMode === "http";
  const settings: Record<string, string> = {
    DISCORD_TOKEN: discord.botToken,
    DISCORD_APPLICATION_ID: discord.applicationId,
    DISCORD_API_URL: discord.apiUrl,
    PLATFORM_API_URL: `${sandbox.url}/v1`,
    PLATFORM_AUTH_URL: sandbox.url,
    PLATFORM_TOKEN_URL: sandbox.url,
    PLATFORM_CLIENT_ID: oauthClient.clientId,
    PLATFORM_CLIENT_SECRET: oauthClient.clientSecret,
    PUBLIC_URL: publicUrl,
    HOST: "127.0.0.1",
    PORT: String(port),
    DATABASE_URL: `file:${databaseFile}`,
    DATA_DIR: options.dataDir,
    ENCRYPTION_KEYS: generateKeySpec("local"),
    ...(overHttp ? { INTERACTIONS_MODE: "http", DISCORD_PUBLIC_KEY: discord.publicKey } : {}),
    ...options.env,
  };
  const startInstance = async (env: Readonly<Record<string, string>>) => {
    const config = loadConfig({ ...settings, ...env }, "start");
    const built = await buildBot(
      config,
      options.logger,
      // A local stack stops at once; no load balancer is waiting to notice.
      { unreadyBeforeStopMs: 0, ...oneClock, ...options.startOptions },
    );
    await built.http.listen({ host: config.http.host, port: config.http.port });
    options.logger.info({ url: config.http.publicUrl }, "HTTP server listening");
    const started = await built.start();
    const client = started.client;
    if (client !== undefined && !client.isReady()) await once(client, "clientReady");
    return started;
  };
  const bot = await startInstance({}).catch(async (error: unknown) => {
    // Nothing of a failed start is left listening (e.g. the bot's port was taken).
    await discord.close();
    await sandbox.close();
    throw error;
  });
  const others: RunningBot[] = [];
  // Saving the URL makes the fake check it as Discord does (a signed PING answered, a forged one refused).
  if (overHttp) await discord.setInteractionsEndpoint(`${publicUrl}/interactions`);
  for (const guildId of guildIds) {
    await deployCommands(bot.deps.rest, { applicationId: discord.applicationId, guildId }, commandData);
  }
  // Globally too, as `npm run commands:deploy` does: a user install and the bot's DM see global commands only.
  // In the servers, the guild commands above shadow these of the same name.
  await deployCommands(bot.deps.rest, { applicationId: discord.applicationId }, commandData);

  return {
    sandbox,
    discord,
    bot,
    publicUrl,
    databaseFile,
    async startAnotherBot(env) {
      const other = await startInstance({ PORT: String(await findFreePort()), ...env });
      others.push(other);
      return other;
    },
    async close() {
      for (const other of others) await other.stop();
      await bot.stop();
      await discord.close();
      await sandbox.close();
    },
  };
}
