// What the settings' tests share: the least a start needs, and the problems a refused configuration lists.
import { ConfigError } from "../../../src/config.js";

export const minimal = {
  DISCORD_TOKEN: "bot-token",
  DISCORD_APPLICATION_ID: "123456789012345678",
  PLATFORM_API_URL: "https://platform.example/v1",
};

/** The problems `run` was refused with; fails the test when it was not refused. */
export function problemsOf(run: () => unknown): readonly string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}
