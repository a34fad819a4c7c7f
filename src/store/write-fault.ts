// Which database errors mean the database cannot write at all, whatever was written (docs/operations.md, "Operations",
// "When SQLite cannot write"): a full disk, a file the bot may not write (or PostgreSQL in a read-only
// session), a write lock another connection held past the busy timeout, an I/O error. Such an error is not the request's fault, so the request is answered
// 503 and the platform retries; the store remembers it for /readyz (write-health.ts).

/** What /readyz and the logs say after "cannot write: ". */
export type WriteFault = "disk full" | "read-only" | "locked" | "I/O error";

export const writeFaults: readonly WriteFault[] = ["disk full", "read-only", "locked", "I/O error"];

/** SQLite's primary result codes, as better-sqlite3 names them; an extended code adds `_SOMETHING`. */
const faultBySqliteCode: Readonly<Record<string, WriteFault>> = {
  SQLITE_FULL: "disk full",
  SQLITE_READONLY: "read-only",
  SQLITE_BUSY: "locked",
  SQLITE_LOCKED: "locked",
  SQLITE_IOERR: "I/O error",
};

/**
 * PostgreSQL's SQLSTATEs for the same faults: a standby, or a primary demoted during a failover, answers every
 * write 25006 until the pool reaches the new primary.
 */
const faultByPostgresState: Readonly<Record<string, WriteFault>> = {
  "53100": "disk full",
  "25006": "read-only",
  "55P03": "locked",
  "58030": "I/O error",
};

/** The fault behind `error`, or undefined for any other error (a constraint, a bug, a closed store). */
export function classifyWriteFault(error: unknown): WriteFault | undefined {
  if (!(error instanceof Error) || !("code" in error) || typeof error.code !== "string") return undefined;
  const primary = /^SQLITE_[A-Z]+/.exec(error.code)?.[0];
  return primary === undefined ? faultByPostgresState[error.code] : faultBySqliteCode[primary];
}
