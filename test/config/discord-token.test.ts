// DISCORD_TOKEN as the bot uses it (src/config/environment-schema.ts): the token alone, whether or not it was
// pasted with the "Bot " of an Authorization header, since @discordjs/rest puts its own before it.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";

const minimal = {
  DISCORD_APPLICATION_ID: "123456789012345678",
  PLATFORM_API_URL: "https://platform.example/v1",
};

describe("DISCORD_TOKEN", () => {
  it.each(["MTIz.abc.def", "Bot MTIz.abc.def", "bot  MTIz.abc.def", "Bearer MTIz.abc.def", " MTIz.abc.def "])(
    "reads %j as the token alone",
    (token) => {
      expect(loadConfig({ ...minimal, DISCORD_TOKEN: token }, "start").discord.token).toBe("MTIz.abc.def");
    },
  );
});
