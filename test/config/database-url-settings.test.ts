// DATABASE_URL is checked with the other settings (src/config/database-url-settings.ts): a value the store could
// not open is listed at start, with the rest, rather than failing later in createDb.
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.js";

const minimal = {
  DISCORD_TOKEN: "bot-token",
  DISCORD_APPLICATION_ID: "123456789012345678",
  PLATFORM_API_URL: "https://platform.example/v1",
};

function problemsOf(environment: Record<string, string>): readonly string[] {
  try {
    loadConfig(environment, "start");
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("DATABASE_URL", () => {
  it.each([
    ["file:", /^DATABASE_URL: file: needs the SQLite file's path/],
    ["file:   ", /^DATABASE_URL: file: needs the SQLite file's path/],
    ["file://db-host.example/x.sqlite", /^DATABASE_URL: a file:\/\/ URL must name a file on this machine/],
    ["file:///srv/a%2Fb.sqlite", /^DATABASE_URL: a file:\/\/ URL must name a file on this machine/],
    ["file://", /^DATABASE_URL: names a folder/],
    ["file:./data/", /^DATABASE_URL: names a folder/],
    ["mysql://root@127.0.0.1/bot", /^DATABASE_URL: must be file:<path>, :memory: or postgres:\/\/…$/],
    [
      "postgres://bot:se#cret@127.0.0.1:5432/bot",
      /^DATABASE_URL: is not a URL the PostgreSQL client can read; .* \(# as %23, /,
    ],
    ["postgresql://bot:a/b@db.example/bot", /^DATABASE_URL: is not a URL the PostgreSQL client can read/],
    ["postgres://127.0.0.1:99999/bot", /^DATABASE_URL: .* a port must be a number up to 65535$/],
  ])("lists %j among the other invalid settings", (value, message) => {
    const problems = problemsOf({ DATABASE_URL: value, PORT: "seventy" });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(message),
        expect.stringMatching(/^PORT: /),
        expect.stringMatching(/^DISCORD_TOKEN: required/),
      ]),
    );
  });

  it.each(["mysql://root:hunter2@db.example/bot", "postgres://root:hunter2#x@db.example/bot"])(
    "never repeats the value, which may hold a password: %j",
    (value) => {
      const problems = problemsOf({ DATABASE_URL: value });
      expect(problems.join("\n")).toContain("DATABASE_URL");
      expect(problems.join("\n")).not.toContain("hunter2");
    },
  );

  it.each([
    "file:./data/bot.sqlite",
    "file:/var/lib/bot/bot.sqlite",
    "file:///var/lib/bot/bot.sqlite",
    "file://localhost/var/lib/bot/bot.sqlite",
    ":memory:",
    "postgres://bot:secret@127.0.0.1:5432/bot",
    "postgresql://127.0.0.1/bot",
    "postgres://bot:se%23cret@127.0.0.1:5432/bot",
    "postgres://bot:p@ss word@127.0.0.1/bot",
    "postgres://bot@/bot?host=/var/run/postgresql",
    // An SSL file the parser cannot read is the connection's to name, not a URL to percent-encode.
    "postgres://bot@127.0.0.1/bot?sslcert=/nonexistent/cert.pem",
  ])("takes %j", (value) => {
    expect(loadConfig({ ...minimal, DATABASE_URL: value }).databaseUrl).toBe(value);
  });
});
