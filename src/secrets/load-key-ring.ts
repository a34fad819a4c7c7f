// Where the key ring comes from at start (docs/architecture.md, "Linking", "Running"): ENCRYPTION_KEYS when
// set; outside production a key generated once into the data folder, so a developer needs no setup; in
// production, nothing else.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Logger } from "../logger.js";
import { createKeyRing, generateKeySpec, KeyRingError, type KeyRing } from "./key-ring.js";

export interface KeyRingSource {
  readonly encryptionKeys: string | undefined;
  readonly dataDir: string;
  /** NODE_ENV as the settings read it (config.ts, which imports the key ring to check ENCRYPTION_KEYS). */
  readonly nodeEnv: "development" | "production" | "test";
  readonly logger: Logger;
}

export const developmentKeyFileName = "encryption.key";

export function loadOrCreateKeyRing({ encryptionKeys, dataDir, nodeEnv, logger }: KeyRingSource): KeyRing {
  if (encryptionKeys !== undefined && encryptionKeys.trim() !== "") return createKeyRing(encryptionKeys);
  if (nodeEnv === "production") {
    throw new KeyRingError(
      "ENCRYPTION_KEYS is required in production (a generated key is for development only)",
    );
  }
  const file = path.join(dataDir, developmentKeyFileName);
  const existing = readKeyFile(file);
  if (existing !== undefined) {
    logger.warn({ file }, "ENCRYPTION_KEYS is not set; using the development key from the data folder");
    return createKeyRing(existing, file);
  }
  mkdirSync(dataDir, { recursive: true });
  try {
    // "wx" fails when another process created the file first; then its key is the one to use.
    writeFileSync(file, `${generateKeySpec("local")}\n`, { mode: 0o600, flag: "wx" });
    logger.warn(
      { file },
      "ENCRYPTION_KEYS is not set; generated a development key into the data folder. Set ENCRYPTION_KEYS in production",
    );
  } catch (error) {
    if (!isErrorCode(error, "EEXIST")) throw error;
  }
  return createKeyRing(readFileSync(file, "utf8"), file);
}

function readKeyFile(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if (isErrorCode(error, "ENOENT")) return undefined;
    throw error;
  }
}

function isErrorCode(error: unknown, code: string): boolean {
  return error instanceof Error && "code" in error && error.code === code;
}
