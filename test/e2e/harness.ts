// End-to-end world: the platform sandbox, the fake Discord and the real bot (buildBot, the production code
// path), all on 127.0.0.1. Tests act as members through the fake's driver and read what the bot answered.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import type { BotOptions, RunningBot } from "../../src/bot/build-bot.js";
import type {
  FakeDiscord,
  FakeDiscordOptions,
  FakeUser,
  InteractionHandle,
  RunCommandInput,
} from "../../fake-discord/index.js";
import { createLogger } from "../../src/logger.js";
import { startLocalStack, type LocalStack } from "../../playground/start-local-stack.js";
import type { Sandbox } from "../../sandbox/sandbox.js";
import { builtBatchedWritesModule } from "./support/bot-process.js";

export interface EndToEnd {
  readonly sandbox: Sandbox;
  readonly discord: FakeDiscord;
  readonly bot: RunningBot;
  readonly guildId: string;
  readonly channelId: string;
  readonly members: { readonly alice: FakeUser; readonly bob: FakeUser; readonly admin: FakeUser };
  readonly databaseFile: string;
  readonly publicUrl: string;
  /** Another bot instance on the same world and settings, `env` on top; `close` stops it too. */
  readonly startAnotherBot: LocalStack["startAnotherBot"];
  /** The server's admin runs `/name` (a whole command, no subcommand) in the world's channel: its final answer. */
  runAsAdmin(
    name: string,
    options?: RunCommandInput["options"],
  ): ReturnType<InteractionHandle["waitForFinal"]>;
  /** Everything the bot logged, for secret-leak checks. */
  logs(): string;
  close(): Promise<void>;
}

export interface EndToEndOptions {
  readonly platformTimeoutMs?: number;
  readonly env?: Readonly<Record<string, string>>;
  /** Interactions over the gateway (default) or POSTed to the bot's /interactions (docs/architecture.md, "Growing past one machine"). */
  readonly interactionsMode?: "gateway" | "http";
  readonly discord?: FakeDiscordOptions;
  /** [shard_id, num_shards] the Arena guild's id falls on, by Discord's formula. */
  readonly guildShard?: readonly [number, number];
  readonly startOptions?: BotOptions;
  /** The sandbox's clock drives the fake Discord and the bot too (playground/start-local-stack.ts). */
  readonly oneClock?: boolean;
}

export async function startEndToEnd(options: EndToEndOptions = {}): Promise<EndToEnd> {
  const dataDir = await mkdtemp(join(tmpdir(), "arena-e2e-"));
  const chunks: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString("utf8"));
      callback();
    },
  });
  let guildId = "";
  let channelId = "";
  let members: EndToEnd["members"] | undefined;
  const stack = await startLocalStack({
    dataDir,
    ...(options.interactionsMode === undefined ? {} : { interactionsMode: options.interactionsMode }),
    logger: createLogger({ level: "debug" }, logStream),
    env: {
      NODE_ENV: "test",
      PLATFORM_TIMEOUT_MS: String(options.platformTimeoutMs ?? 5000),
      LOG_LEVEL: "debug",
      ...options.env,
    },
    ...(options.discord === undefined ? {} : { discord: options.discord }),
    ...(options.oneClock === true ? { oneClock: true } : {}),
    // The writer's thread loads this run's built batched writes, not the sources through tsx (a third of a
    // second less for each bot the tests start; test/support/built-sources.ts).
    startOptions: {
      batchedWritesModule: builtBatchedWritesModule(),
      ...options.startOptions,
    },
    buildWorld: (discord) => {
      guildId = discord.createGuild({
        name: "Arena",
        channels: ["battles", "announcements"],
        ...(options.guildShard === undefined ? {} : { shard: options.guildShard }),
      }).id;
      channelId = discord.createChannel(guildId, { name: "general" }).id;
      members = {
        alice: discord.createMember(guildId, { username: "alice" }),
        bob: discord.createMember(guildId, { username: "bob" }),
        admin: discord.createMember(guildId, { username: "admin", permissions: ["ManageGuild"] }),
      };
      return [guildId];
    },
  });
  if (members === undefined) throw new Error("the world was not built");
  const adminId = members.admin.id;

  return {
    sandbox: stack.sandbox,
    discord: stack.discord,
    bot: stack.bot,
    guildId,
    channelId,
    members,
    databaseFile: stack.databaseFile,
    publicUrl: stack.publicUrl,
    startAnotherBot: (env) => stack.startAnotherBot(env),
    runAsAdmin: (name, commandOptions) =>
      stack.discord
        .runCommand({
          guildId,
          channelId,
          userId: adminId,
          name,
          ...(commandOptions === undefined ? {} : { options: commandOptions }),
        })
        .waitForFinal(),
    logs: () => chunks.join(""),
    async close() {
      await stack.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
