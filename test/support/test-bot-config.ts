// The settings a test bot is built from: a test's own settings over the few every bot needs. Nothing listens
// at the platform URL; the token is no real one.
import { loadConfig, type Config } from "../../src/config.js";

export const baseTestSettings = {
  NODE_ENV: "test",
  DISCORD_TOKEN: "test-bot-token",
  DISCORD_APPLICATION_ID: "1300000000000000000",
  PLATFORM_API_URL: "http://127.0.0.1:9/v1",
} as const;

/** The bot's settings for `npm start`, from `settings` over baseTestSettings. */
export function loadTestBotConfig(settings: Readonly<Record<string, string>>): Config {
  return loadConfig({ ...baseTestSettings, ...settings }, "start");
}
