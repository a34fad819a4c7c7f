// `npm run secrets:reseal` as an operator runs it: a child process reading DATABASE_URL and ENCRYPTION_KEYS.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it, onTestFinished } from "vitest";
import { createKeyRing, generateKeySpec } from "../../src/secrets/key-ring.js";
import { createSecretBox } from "../../src/secrets/secret-box.js";
import { createDb } from "../../src/store/create-db.js";
import { findMemberLink, saveMemberLink, type MemberLinkInput } from "../../src/store/member-links.js";
import { migrateToLatest } from "../../src/store/migrate.js";
import { testNow } from "./secret-box-fixture.js";

const run = promisify(execFile);
const script = fileURLToPath(new URL("../../src/store/reseal-cli.ts", import.meta.url));
const oldKey = generateKeySpec("old");
const newKey = generateKeySpec("new");

async function reseal(
  databaseUrl: string,
  encryptionKeys: string,
): Promise<{ code: number; output: string }> {
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: "test",
    LOG_LEVEL: "info",
    DATABASE_URL: databaseUrl,
    ENCRYPTION_KEYS: encryptionKeys,
  };
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", script], { env });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

function linkInput(userId: string, accessToken: string): MemberLinkInput {
  return {
    guildId: "100000000000000001",
    userId,
    platformUserId: `u-${userId}`,
    platformUsername: `user-${userId}`,
    credentialKind: "api_key",
    credential: { accessToken },
    now: testNow,
  };
}

/** A migrated SQLite file holding one link per key spec given, sealed with that key alone. */
async function createDatabaseWithLinks(sealedWith: readonly string[]): Promise<string> {
  const folder = mkdtempSync(path.join(os.tmpdir(), "reseal-cli-"));
  onTestFinished(() => {
    rmSync(folder, { recursive: true, force: true });
  });
  const url = `file:${path.join(folder, "bot.sqlite")}`;
  const store = await createDb(url);
  await migrateToLatest(store.db);
  for (const [index, keySpec] of sealedWith.entries()) {
    const box = createSecretBox(createKeyRing(keySpec));
    await saveMemberLink(store.db, box, linkInput(`20000000000000000${index}`, `api-key-${index}`));
  }
  await store.close();
  return url;
}

// Each case starts Node with tsx (about a second), so there are only the cases a unit test cannot show.
describe("npm run secrets:reseal", () => {
  it("re-seals with the first key, after which the old key can be removed", async () => {
    const url = await createDatabaseWithLinks([oldKey]);

    const result = await reseal(url, `${newKey},${oldKey}`);

    expect(result.code).toBe(0);
    expect(result.output).toContain("member_links             1 re-sealed, 0 already current, 0 unreadable");
    expect(result.output).toContain("the keys after it in ENCRYPTION_KEYS can be removed");
    const store = await createDb(url);
    const link = await findMemberLink(store.db, createSecretBox(createKeyRing(newKey)), {
      guildId: "100000000000000001",
      userId: "200000000000000000",
    });
    await store.close();
    expect(link?.credential.accessToken).toBe("api-key-0");
  });

  it("exits 1 and says what to do when a secret opens with no key of the ring, without printing it", async () => {
    const url = await createDatabaseWithLinks([oldKey, generateKeySpec("lost")]);

    const result = await reseal(url, `${newKey},${oldKey}`);

    expect(result.code).toBe(1);
    expect(result.output).toContain("1 re-sealed, 0 already current, 1 unreadable");
    expect(result.output).toContain("Add back the key they were sealed with");
    expect(result.output).not.toContain("api-key-");
  });
});
