// The worker that keeps members' Linked Roles connections current (docs/architecture.md, "Linked Roles"): a
// definition on the claiming worker, taking queued Discord users under a lease (claimDueRows), so two instances
// never write one connection at once, and a restart picks up what was queued. Each is written with the member's
// own Discord token (updateRoleConnection); Discord's 429, 5xx and network errors, and a platform that cannot
// answer, are retried with the outbox's backoff; a refused token is never retried: the connection is marked
// for re-verification and the row is done.
import { PlatformError } from "../../api/errors.js";
import { UserFacingError } from "../../discord/user-facing-error.js";
import { DiscordUserApiError } from "../../linking/discord-user-api.js";
import { platformAccessMisconfigured } from "../../linking/link-errors.js";
import type { LinkedRolesSettings } from "../../linking/linked-roles-settings.js";
import type { LinkingDeps } from "../../linking/linking-deps.js";
import {
  readUpdateRetryAfterMs,
  updateRoleConnection,
  type RoleConnectionUpdate,
} from "../../linking/update-role-connection.js";
import { describeError } from "../../outbox/classify-failure.js";
import {
  computeRetryDelay,
  defaultRetryPolicy,
  hasExhaustedRetries,
  type RetryPolicy,
} from "../../outbox/retry-policy.js";
import {
  claimDueRoleConnectionWrites,
  finishRoleConnectionWrite,
  readNextRoleConnectionLeaseEnd,
  rescheduleRoleConnectionWrite,
  type RoleConnectionWrite,
} from "../../store/role-connection-write-leases.js";
import { createClaimingWorker, type ClaimingWorker } from "../../worker/claiming-worker.js";

export type RoleConnectionWriteResult =
  | "written"
  | "cleared"
  | "not_verified"
  | "reverify_needed"
  | "skipped"
  | "superseded"
  | "retry"
  | "failed"
  | "released";

export interface RoleConnectionWorkerOptions extends LinkingDeps {
  /** Undefined when Linked Roles is off: queued rows are dropped. */
  readonly linkedRoles: LinkedRolesSettings | undefined;
  /** Unique per worker; rows are leased under this name. */
  readonly owner: string;
  readonly leaseMs: number;
  readonly pollIntervalMs: number;
  readonly batchSize?: number;
  readonly retry?: Partial<RetryPolicy>;
  readonly random?: () => number;
}

export type RoleConnectionWorker = ClaimingWorker<RoleConnectionWriteResult>;

export function createRoleConnectionWorker(options: RoleConnectionWorkerOptions): RoleConnectionWorker {
  const { db, clock, logger, owner, leaseMs } = options;
  const retry = { ...defaultRetryPolicy, ...options.retry };
  const random = options.random ?? Math.random;

  const worker: RoleConnectionWorker = createClaimingWorker({
    name: "the role connection worker",
    units: "role connection writes",
    logger,
    clock,
    pollIntervalMs: options.pollIntervalMs,
    batchSize: options.batchSize ?? 16,
    async claim(room) {
      const now = clock.now();
      const rows = await claimDueRoleConnectionWrites(db, { owner, now, leaseMs, limit: room });
      // Counted on this worker's clock from before the claim, as the outbox worker does.
      return rows.map((row) => ({ row, leaseEndsAt: now + leaseMs }));
    },
    handle: ({ row, leaseEndsAt }) => handle(row, leaseEndsAt),
    readNextLeaseEnd: (claimedAt) =>
      readNextRoleConnectionLeaseEnd(db, { owner, now: clock.now(), claimedAt }),
  });

  async function handle(row: RoleConnectionWrite, leaseEndsAt: number): Promise<RoleConnectionWriteResult> {
    const lease = { userId: row.userId, owner };
    if (worker.state === "draining") {
      const now = clock.now();
      await rescheduleRoleConnectionWrite(db, {
        ...lease,
        nextAttemptAt: now,
        error: "released: shutting down",
        countAttempt: false,
        now,
      });
      return "released";
    }
    // Past its lease another worker may hold the row: leave it to the next claim.
    if (clock.now() >= leaseEndsAt) return "released";
    const settings = options.linkedRoles;
    if (settings === undefined) return finish(row, "skipped");
    let update: RoleConnectionUpdate;
    try {
      update = await updateRoleConnection(options, settings, row.userId);
    } catch (error) {
      return failed(row, error);
    }
    return finish(row, describeUpdate(update));
  }

  async function finish(
    row: RoleConnectionWrite,
    result: RoleConnectionWriteResult,
  ): Promise<RoleConnectionWriteResult> {
    const done = await finishRoleConnectionWrite(db, { userId: row.userId, owner, version: row.version });
    logger.info(
      {
        userId: row.userId,
        cause: row.cause,
        result,
        // From the oldest change this write carries to its end: the "within a second" of the docs.
        latencyMs: clock.now() - row.queuedAt,
      },
      "role connection handled",
    );
    if (done) return result;
    // A newer change came while this one was written: it is due now, and this worker takes it.
    worker.wake();
    return "superseded";
  }

  async function failed(row: RoleConnectionWrite, error: unknown): Promise<RoleConnectionWriteResult> {
    const detail = describeError(error);
    if (!isTransient(error)) {
      // The member's platform link needs them (re-link), or Discord refused the body: no retry would differ.
      logger.warn({ userId: row.userId, cause: row.cause, err: error }, "role connection not written");
      return finish(row, error instanceof UserFacingError ? "skipped" : "failed");
    }
    const attempts = row.attempts + 1;
    if (hasExhaustedRetries(retry, attempts)) {
      logger.error({ userId: row.userId, attempts, err: error }, "role connection given up after retries");
      return finish(row, "failed");
    }
    const now = clock.now();
    const waitMs = readUpdateRetryAfterMs(error) ?? computeRetryDelay(retry, attempts, random);
    await rescheduleRoleConnectionWrite(db, {
      userId: row.userId,
      owner,
      nextAttemptAt: now + waitMs,
      error: detail,
      countAttempt: true,
      now,
    });
    logger.warn(
      { userId: row.userId, attempts, waitMs, err: error },
      "role connection write failed; retrying",
    );
    return "retry";
  }

  return worker;
}

function describeUpdate(update: RoleConnectionUpdate): RoleConnectionWriteResult {
  if (update.ok) return "written";
  if ("cleared" in update) return "cleared";
  return update.reason;
}

/**
 * Discord or the platform unreachable, rate limited or failing on its side; a database error too; and the
 * bot's own platform access refused (its client settings), which the operator mends, not the member.
 */
function isTransient(error: unknown): boolean {
  if (error instanceof DiscordUserApiError) return error.isTransient;
  if (error instanceof PlatformError) return error.isRateLimit || error.status >= 500;
  if (error instanceof UserFacingError) return error.code === platformAccessMisconfigured;
  return true;
}
