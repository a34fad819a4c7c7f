// `npm run secrets:reseal`: seals every stored secret again with the first key of ENCRYPTION_KEYS
// (docs/operations.md, "Rotating and retiring an encryption key"), prints what it did, and exits 1 while any
// secret opens with no key of the ring, since removing a key then would lose more.
import { loadConfigFromProcess } from "../config.js";
import { exitUnlessRunArguments } from "../config/command-line.js";
import { createLogger } from "../logger.js";
import { loadOrCreateKeyRing } from "../secrets/load-key-ring.js";
import { createSecretBox } from "../secrets/secret-box.js";
import { createDb } from "./create-db.js";
import { resealSecrets, totalResealCounts, type ResealReport } from "./reseal-secrets.js";

async function runReseal(): Promise<number> {
  const config = loadConfigFromProcess("reseal-secrets");
  const logger = createLogger({ level: config.logLevel, name: "reseal" });
  try {
    const ring = loadOrCreateKeyRing({
      encryptionKeys: config.encryptionKeys,
      dataDir: config.dataDir,
      nodeEnv: config.nodeEnv,
      logger,
    });
    const store = await createDb(config.databaseUrl, { logger });
    try {
      const report = await resealSecrets({ db: store.db, secretBox: createSecretBox(ring) });
      console.log(describeReport(report, ring.current.id));
      return totalResealCounts(report).unreadable > 0 ? 1 : 0;
    } finally {
      await store.close();
    }
  } catch (error) {
    logger.error({ err: error }, "Re-sealing the stored secrets failed");
    return 1;
  }
}

function describeReport(report: ResealReport, keyId: string): string {
  const lines = Object.entries(report).map(
    ([table, counts]) =>
      `  ${table.padEnd(24)} ${counts.resealed} re-sealed, ${counts.alreadyCurrent} already current, ${counts.unreadable} unreadable`,
  );
  const { unreadable } = totalResealCounts(report);
  const advice =
    unreadable === 0
      ? `Every stored secret is sealed with key "${keyId}": the keys after it in ENCRYPTION_KEYS can be removed.`
      : `${unreadable} stored secret(s) open with no key in ENCRYPTION_KEYS. Add back the key they were sealed ` +
        "with and run this again; keep the other keys until this reports 0 unreadable.";
  return [`Stored secrets, re-sealed with key "${keyId}" where needed:`, ...lines, advice].join("\n");
}

exitUnlessRunArguments({
  command: "npm run secrets:reseal",
  does:
    "Seals every stored secret again with the first key of ENCRYPTION_KEYS and prints what it did; exits 1 " +
    "while any secret opens with no key of the ring.",
});
process.exitCode = await runReseal().catch((error: unknown) => {
  // Settings errors arrive before there is a logger; ConfigError lists every problem.
  console.error(error instanceof Error ? error.message : error);
  return 1;
});
