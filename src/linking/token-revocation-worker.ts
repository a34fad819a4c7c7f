// The worker that revokes queued tokens the first attempt left (docs/architecture.md, "Linking"): a definition
// on the claiming worker, taking due rows of token_revocations under a lease (claimDueRows), so a restart or
// another instance picks up what a crash or an outage left, and two instances never send one row at once.
import { createClaimingWorker, type ClaimingWorker } from "../worker/claiming-worker.js";
import { claimDueTokenRevocations, readNextTokenRevocationLeaseEnd } from "../store/token-revocations.js";
import {
  revocationLeaseMs,
  revokeClaimedToken,
  type RevocationDeps,
  type RevocationResult,
} from "./revoke-queued-tokens.js";

export interface TokenRevocationWorkerOptions extends RevocationDeps {
  /** Unique per worker; rows are leased under this name. */
  readonly owner: string;
  readonly pollIntervalMs: number;
  readonly batchSize?: number;
}

export type TokenRevocationWorker = ClaimingWorker<RevocationResult>;

export function createTokenRevocationWorker(options: TokenRevocationWorkerOptions): TokenRevocationWorker {
  const { db, secretBox, clock, owner } = options;
  return createClaimingWorker({
    name: "the token revocation worker",
    units: "token revocations",
    logger: options.logger,
    clock,
    pollIntervalMs: options.pollIntervalMs,
    batchSize: options.batchSize ?? 16,
    claim: (room) =>
      claimDueTokenRevocations(db, secretBox, {
        owner,
        now: clock.now(),
        leaseMs: revocationLeaseMs,
        limit: room,
      }),
    handle: (row) => revokeClaimedToken(options, owner, row),
    readNextLeaseEnd: (claimedAt) =>
      readNextTokenRevocationLeaseEnd(db, { owner, now: clock.now(), claimedAt }),
  });
}
