// The tier role worker (docs/architecture.md, "Tier roles"): the outbox's machinery for role changes. It
// claims due member rows under a lease, syncs each through the shared @discordjs/rest client (which keeps
// Discord's route limits), retries with the outbox's backoff, and is woken when rows are queued.
import {
  claimDueMemberRoles,
  readNextMemberRoleLeaseEnd,
  rescheduleMemberRoles,
} from "../store/member-tier-role-lease.js";
import type { MemberTierRole } from "../store/member-tier-roles.js";
import { describeError } from "../outbox/classify-failure.js";
import { defaultRetryPolicy, type RetryPolicy } from "../outbox/retry-policy.js";
import { createClaimingWorker } from "../worker/claiming-worker.js";
import { Lanes } from "../worker/lanes.js";
import {
  applyRoleOutcome,
  retryLater,
  type RoleOutcomeDeps,
  type RoleRowResult,
} from "./apply-role-outcome.js";
import type { ReadMemberTier } from "./read-member-tier.js";
import type { RoleDeps } from "./role-deps.js";
import { runTierRoleWork } from "./run-tier-role-work.js";
import { syncMemberRoles } from "./sync-member-roles.js";

export interface RoleWorkerOptions extends RoleDeps {
  /** Unique per worker; rows are leased under this name. */
  readonly owner: string;
  readonly readMemberTier: ReadMemberTier;
  /** Default 60 s, as the outbox. */
  readonly leaseMs?: number;
  /** Rows claimed and not finished, at most. Default 100. */
  readonly batchSize?: number;
  /** Members synced at once. Default 16. */
  readonly concurrency?: number;
  /** Default 5 s. */
  readonly pollIntervalMs?: number;
  readonly retry?: Partial<RetryPolicy>;
  readonly random?: () => number;
  readonly onResult?: (result: RoleRowResult) => void;
}

export interface RoleWorker {
  start(): void;
  /** Stops claiming and resolves once the rows in flight are done. */
  drain(): Promise<void>;
  /** One claim of guild work and member rows, handled to the end; what tests drive. */
  runOnce(): Promise<RoleRowResult[]>;
  /** Rows were queued: look now. */
  notify(): void;
}

export function createRoleWorker(options: RoleWorkerOptions): RoleWorker {
  const leaseMs = options.leaseMs ?? 60_000;
  const batchSize = options.batchSize ?? 100;
  const pollIntervalMs = options.pollIntervalMs ?? 5000;
  const deps: RoleOutcomeDeps = {
    ...options,
    retry: { ...defaultRetryPolicy, ...options.retry },
    random: options.random ?? Math.random,
  };
  const { logger, clock } = options;
  const lanes = new Lanes(options.concurrency ?? 16);

  const worker = createClaimingWorker<{ row: MemberTierRole; leaseEndsAt: number }, RoleRowResult>({
    name: "a role worker",
    units: "tier role rows",
    logger,
    clock,
    pollIntervalMs,
    batchSize,
    async claim(room) {
      await runTierRoleWork(deps, { leaseMs, limit: 10 });
      const now = clock.now();
      const rows = await claimDueMemberRoles(deps.db, { owner: deps.owner, now, leaseMs, limit: room });
      // Counted on this worker's clock from before the claim, as the outbox worker does.
      const leaseEndsAt = now + leaseMs;
      return rows.map((row) => ({ row, leaseEndsAt }));
    },
    handle: ({ row, leaseEndsAt }) =>
      lanes.run(`${row.guildId}:${row.userId}`, () => guard(row, leaseEndsAt)),
    // Less than the poll interval when another worker's lease ends sooner (as the outbox worker does).
    readNextLeaseEnd: (claimedAt) =>
      readNextMemberRoleLeaseEnd(deps.db, { owner: deps.owner, now: clock.now(), claimedAt }),
  });

  async function guard(row: MemberTierRole, leaseEndsAt: number): Promise<RoleRowResult> {
    let result: RoleRowResult;
    try {
      result = await handle(row, leaseEndsAt);
    } catch (error) {
      // The platform unreachable for a tier look-up, or the database: retried with backoff.
      logger.warn(
        { err: error, guildId: row.guildId, userId: row.userId },
        "tier role sync failed; retrying later",
      );
      result = await retryLater(deps, row, describeError(error)).catch(() => "released" as const);
    }
    try {
      options.onResult?.(result);
    } catch (error) {
      logger.error({ err: error }, "the role worker's onResult callback threw");
    }
    return result;
  }

  async function handle(row: MemberTierRole, leaseEndsAt: number): Promise<RoleRowResult> {
    const lease = { guildId: row.guildId, userId: row.userId, owner: deps.owner };
    if (worker.state === "draining") {
      await rescheduleMemberRoles(deps.db, {
        ...lease,
        nextAttemptAt: clock.now(),
        error: "released: shutting down",
        countAttempt: false,
      });
      return "released";
    }
    // Past its lease another worker may hold the row: leave it to the next claim.
    if (clock.now() >= leaseEndsAt) return "released";
    return applyRoleOutcome(deps, row, await syncMemberRoles(deps, row));
  }

  return {
    start: () => {
      worker.start();
    },
    drain: () => worker.drain(),
    runOnce: () => worker.runOnce(),
    notify: () => {
      worker.wake();
    },
  };
}
