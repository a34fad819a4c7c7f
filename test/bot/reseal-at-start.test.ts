// A started bot re-seals in the background what an older key sealed (docs/operations.md, "Rotating and
// retiring an encryption key"), so putting a new key first and restarting is enough to retire the old one.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { buildBot, type BuiltBot } from "../../src/bot/build-bot.js";
import { createLogger } from "../../src/logger.js";
import { createKeyRing, generateKeySpec } from "../../src/secrets/key-ring.js";
import { createSecretBox } from "../../src/secrets/secret-box.js";
import { createDb } from "../../src/store/create-db.js";
import { findMemberLink, saveMemberLink } from "../../src/store/member-links.js";
import { migrateToLatest } from "../../src/store/migrate.js";
import { createApplicationKeys } from "../http/interaction-fixtures.js";
import { builtBatchedWritesModule } from "../e2e/support/bot-process.js";
import { loadTestBotConfig } from "../support/test-bot-config.js";

const oldKey = generateKeySpec("old");
const newKey = generateKeySpec("new");
const guildId = "100000000000000001";

function captureLogs() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, logger: createLogger({ level: "info" }, destination) };
}

describe("a started bot", () => {
  let built: BuiltBot | undefined;
  afterEach(async () => {
    await built?.stop();
    built = undefined;
  });

  it("re-seals secrets an older key sealed, and warns about those no key opens", async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "reseal-at-start-"));
    onTestFinished(() => {
      rmSync(folder, { recursive: true, force: true });
    });
    const url = `file:${path.join(folder, "bot.sqlite")}`;
    const store = await createDb(url);
    onTestFinished(() => store.close());
    await migrateToLatest(store.db);
    const link = (userId: string, accessToken: string) => ({
      guildId,
      userId,
      platformUserId: `u-${userId}`,
      platformUsername: `user-${userId}`,
      credentialKind: "api_key" as const,
      credential: { accessToken },
      now: 0,
    });
    await saveMemberLink(
      store.db,
      createSecretBox(createKeyRing(oldKey)),
      link("200000000000000001", "key-a"),
    );
    const lostBox = createSecretBox(createKeyRing(generateKeySpec("lost")));
    await saveMemberLink(store.db, lostBox, link("200000000000000002", "key-b"));

    const { lines, logger } = captureLogs();
    const config = loadTestBotConfig({
      DATABASE_URL: url,
      ENCRYPTION_KEYS: `${newKey},${oldKey}`,
      INTERACTIONS_MODE: "http",
      DISCORD_PUBLIC_KEY: createApplicationKeys().publicKeyHex,
      METRICS_PORT: "off",
    });
    built = await buildBot(config, logger, {
      unreadyBeforeStopMs: 0,
      batchedWritesModule: builtBatchedWritesModule(),
    });
    await built.start();

    const newKeyOnly = createSecretBox(createKeyRing(newKey));
    await vi.waitFor(
      async () => {
        const found = await findMemberLink(store.db, newKeyOnly, { guildId, userId: "200000000000000001" });
        expect(found?.credential.accessToken).toBe("key-a");
      },
      { timeout: 15_000 },
    );
    await vi.waitFor(
      () => {
        const warning = lines.find((line) => line.includes("open with no key in ENCRYPTION_KEYS"));
        expect(warning).toBeDefined();
        expect(JSON.parse(warning ?? "{}")).toMatchObject({ unreadable: 1, level: 40 });
      },
      { timeout: 15_000 },
    );
    expect(lines.join("")).not.toContain("key-b");
  });
});
