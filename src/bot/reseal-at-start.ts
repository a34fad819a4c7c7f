// At every start, in the background: the stored secrets an older key sealed are sealed again with the first
// key of ENCRYPTION_KEYS (docs/operations.md, "Rotating and retiring an encryption key"). With one instance
// on SQLite, the default, putting a new key first and restarting is then enough, and no second process has
// to open the file.
// When everything is current it costs two scans of each sealed column (a few small tables) and no write;
// instances starting together are safe, since each write is a compare-and-set.
import type { Logger } from "../logger.js";
import { resealSecrets, totalResealCounts, type ResealReport } from "../store/reseal-secrets.js";
import type { BotParts } from "./build-dependencies.js";

export interface ResealRun {
  /** Ends the walk after its current batch, and waits for that. */
  stop(): Promise<void>;
}

export function startResealing(parts: BotParts): ResealRun {
  const { db, secretBox, logger } = parts.deps;
  const stopping = new AbortController();
  const done = resealSecrets({ db, secretBox }, { signal: stopping.signal }).then(
    (report) => {
      logResealReport(logger, report);
    },
    (error: unknown) => {
      if (stopping.signal.aborted) return;
      logger.warn({ err: error }, "could not re-seal the stored secrets; run npm run secrets:reseal");
    },
  );
  return {
    async stop() {
      stopping.abort();
      await done;
    },
  };
}

function logResealReport(logger: Logger, report: ResealReport): void {
  const { resealed, unreadable } = totalResealCounts(report);
  if (resealed > 0) logger.info({ resealed, report }, "re-sealed stored secrets with the current key");
  if (unreadable > 0) {
    logger.warn(
      { unreadable, report },
      "stored secrets open with no key in ENCRYPTION_KEYS: add back the key they were sealed with",
    );
  }
}
