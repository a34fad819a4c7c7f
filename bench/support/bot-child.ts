// The bot as production runs it, for bench/interaction-response.ts: `src/main.ts` in its own process, with its
// settings in its environment, joined to the fake Discord and (through the slow proxy) the sandbox of the bench.
import { join } from "node:path";
import type { FakeDiscord } from "../../fake-discord/index.js";
import { findFreePort } from "../../playground/free-port.js";
import { generateKeySpec } from "../../src/secrets/key-ring.js";
import { spawnNodeChild, type NodeChild } from "./node-child.js";

export interface BotChildOptions {
  readonly discord: FakeDiscord;
  readonly interactionsMode: "gateway" | "http";
  /** PLATFORM_API_URL, ending in /v1. */
  readonly platformApiUrl: string;
  readonly platformTimeoutMs: number;
  /** Holds the SQLite file; the caller owns and removes it. */
  readonly dataDir: string;
  /** Flags for node, e.g. `--cpu-prof`. */
  readonly nodeFlags?: readonly string[];
  /** More settings, laid over the ones above (PLATFORM_WEBHOOK_SECRET, say). */
  readonly env?: Readonly<Record<string, string>>;
}

export interface BotChild {
  /** The bot's base address; in HTTP mode Discord POSTs to `${url}/interactions`. */
  readonly url: string;
  readonly child: NodeChild;
}

/** Starts the bot and resolves once `/readyz` answers 200 (in gateway mode: every shard is ready). */
export async function startBotChild(options: BotChildOptions): Promise<BotChild> {
  const { discord } = options;
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawnNodeChild("src/main.ts", {
    nodeFlags: options.nodeFlags ?? [],
    env: {
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      DISCORD_TOKEN: discord.botToken,
      DISCORD_APPLICATION_ID: discord.applicationId,
      DISCORD_API_URL: discord.apiUrl,
      PLATFORM_API_URL: options.platformApiUrl,
      PLATFORM_TIMEOUT_MS: String(options.platformTimeoutMs),
      // Production refuses an http PUBLIC_URL; nothing in the bench follows a link built on it (members link
      // with API keys), so the bot is reached at `url` and told an https address.
      PUBLIC_URL: "https://bot.example.test",
      HOST: "127.0.0.1",
      PORT: String(port),
      METRICS_PORT: "off",
      DATABASE_URL: `file:${join(options.dataDir, "bot.sqlite")}`,
      DATA_DIR: options.dataDir,
      ENCRYPTION_KEYS: generateKeySpec("bench"),
      ...(options.interactionsMode === "http"
        ? { INTERACTIONS_MODE: "http", DISCORD_PUBLIC_KEY: discord.publicKey }
        : {}),
      ...options.env,
    },
  });
  try {
    await child.waitForOk(`${url}/readyz`, 30_000);
  } catch (error) {
    await child.stop();
    throw error;
  }
  return { url, child };
}
