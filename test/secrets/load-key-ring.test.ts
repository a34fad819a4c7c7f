import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../../src/logger.js";
import { generateKeySpec, KeyRingError } from "../../src/secrets/key-ring.js";
import { loadOrCreateKeyRing } from "../../src/secrets/load-key-ring.js";
import { createSecretBox } from "../../src/secrets/secret-box.js";

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

describe("loadOrCreateKeyRing", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), "keys-")), "data");
  });
  afterEach(() => {
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  it("uses ENCRYPTION_KEYS when set and writes no file", () => {
    const { logger, lines } = captureLogs();
    const ring = loadOrCreateKeyRing({
      encryptionKeys: generateKeySpec("prod1"),
      dataDir,
      nodeEnv: "production",
      logger,
    });
    expect(ring.current.id).toBe("prod1");
    expect(() => statSync(dataDir)).toThrow();
    expect(lines).toEqual([]);
  });

  it("generates a private development key once, with a warning, and reuses it", () => {
    const first = captureLogs();
    const ring = loadOrCreateKeyRing({
      encryptionKeys: undefined,
      dataDir,
      nodeEnv: "development",
      logger: first.logger,
    });
    const file = path.join(dataDir, "encryption.key");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.lines.join("")).toMatch(/"level":40.*generated a development key/);
    const fileContent = readFileSync(file, "utf8");
    expect(first.lines.join("")).not.toContain(fileContent.trim().split(":")[1]);

    const sealed = createSecretBox(ring).seal("kept across restarts", "row");
    const again = loadOrCreateKeyRing({
      encryptionKeys: "",
      dataDir,
      nodeEnv: "test",
      logger: captureLogs().logger,
    });
    expect(readFileSync(file, "utf8")).toBe(fileContent);
    expect(createSecretBox(again).open(sealed, "row")).toBe("kept across restarts");
  });

  it("refuses to run in production without ENCRYPTION_KEYS", () => {
    const { logger } = captureLogs();
    expect(() =>
      loadOrCreateKeyRing({ encryptionKeys: undefined, dataDir, nodeEnv: "production", logger }),
    ).toThrow(/ENCRYPTION_KEYS is required in production/);
    expect(() => statSync(dataDir)).toThrow();
  });

  it("names the key file when it is malformed, without printing it", () => {
    const { logger } = captureLogs();
    loadOrCreateKeyRing({ encryptionKeys: undefined, dataDir, nodeEnv: "development", logger });
    writeFileSync(path.join(dataDir, "encryption.key"), "local:c2hvcnQ=\n");
    const load = () =>
      loadOrCreateKeyRing({ encryptionKeys: undefined, dataDir, nodeEnv: "development", logger });
    expect(load).toThrow(KeyRingError);
    expect(load).toThrow(/encryption\.key entry 1 \(kid "local"\): the key must decode to 32 bytes, got 5/);
  });
});
