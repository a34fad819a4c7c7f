// Whether an error on a sign-in page is the database unable to write (docs/operations.md, "When SQLite cannot
// write"): a fault SQLite or PostgreSQL reported, or a token refresh held back for one (member-credential.ts).
import { RefreshAwaitsWritesError } from "../linking/link-errors.js";
import { classifyWriteFault } from "../store/write-fault.js";

export function isDatabaseUnavailable(error: unknown): boolean {
  return error instanceof RefreshAwaitsWritesError || classifyWriteFault(error) !== undefined;
}
