import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "../src/logger.js";

function captureLines(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString("utf8"));
      callback();
    },
  });
  return { stream, text: () => chunks.join("") };
}

describe("createLogger", () => {
  it("redacts tokens, secrets and auth headers wherever they are logged", () => {
    const sink = captureLines();
    const logger = createLogger({ level: "info" }, sink.stream);
    logger.info(
      {
        accessToken: "at-plaintext-1",
        link: { refreshToken: "rt-plaintext-2", secret: "whsec-plaintext-3" },
        headers: { authorization: "Bearer key-plaintext-4" },
        guildId: "123",
      },
      "linked",
    );
    const output = sink.text();
    for (const secret of ["at-plaintext-1", "rt-plaintext-2", "whsec-plaintext-3", "key-plaintext-4"]) {
      expect(output).not.toContain(secret);
    }
    expect(output).toContain('"guildId":"123"');
    expect(output).toContain("[redacted]");
  });

  it("redacts a sign-in's secrets under the names the code gives them, and cookies", () => {
    const sink = captureLines();
    const logger = createLogger({ level: "info" }, sink.stream);
    logger.warn(
      {
        codeVerifier: "verifier-plaintext-1",
        grant: {
          interactionToken: "interaction-plaintext-2",
          pendingCredential: "pending-plaintext-3",
          credential: { accessToken: "at-plaintext-4" },
          browserKey: "browser-plaintext-5",
          code_verifier: "verifier-plaintext-6",
        },
        headers: { cookie: "arena_oauth_browser=cookie-plaintext-7" },
        guildId: "123",
      },
      "a sign-in went wrong",
    );
    const output = sink.text();
    for (const secret of [1, 2, 3, 4, 5, 6, 7].map((index) => `plaintext-${String(index)}`)) {
      expect(output).not.toContain(secret);
    }
    expect(output).toContain('"guildId":"123"');
  });

  it("keeps interaction tokens in Discord request URLs out of logged errors", () => {
    const sink = captureLines();
    const logger = createLogger({ level: "info" }, sink.stream);
    const error = Object.assign(new Error("Unknown interaction"), {
      url: "https://discord.com/api/v10/interactions/123456789012345678/aW50ZXJhY3Rpb24tdG9rZW4tc2VjcmV0/callback",
      requestBody: { json: { content: "hi" } },
    });
    logger.error({ err: error }, "could not answer");
    logger.error(
      { err: new Error("PATCH /webhooks/1234/aW50ZXJhY3Rpb24tdG9rZW4tc2VjcmV0/messages/@original failed") },
      "x",
    );
    const output = sink.text();
    expect(output).not.toContain("aW50ZXJhY3Rpb24tdG9rZW4tc2VjcmV0");
    expect(output).toContain("/interactions/123456789012345678/[redacted]/callback");
    expect(output).not.toContain("requestBody");
  });
});
