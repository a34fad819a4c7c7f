// The tier role worker (docs/architecture.md, "Tier roles"): the outbox's machinery for role changes. It
// claims due member rows under a lease, syncs each through the shared @discordjs/rest client (which keeps
// Discord's route limits), retries with the outbox's backoff, and is woken when rows are queued.
import {
  claimDueMemberRoles,
  readNextMemberRoleLeaseEnd,
  rescheduleMemberRoles,
} from "../store/member-tier-role-lease.js";
import type { MemberTierRole } from "../store/member-tier-roles.js";
import { ChannelLanes } from "../outbox/channel-lanes.js";
import { describeError } from "../outbox/classify-failure.js";
import { defaultRetryPolicy, type RetryPolicy } from "../outbox/retry-policy.js";
import { WakeSignal } from "../outbox/wake-signal.js";
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
  let state: "idle" | "running" | "draining" | "drained" = "idle";
  let held = 0;
  let mayHaveMore = false;
  const inFlight = new Set<Promise<RoleRowResult>>();
  const lanes = new ChannelLanes(options.concurrency ?? 16);
  const signal = new WakeSignal();
  let loop: Promise<void> | undefined;
  const readState = () => state;

  async function claim(): Promise<Promise<RoleRowResult>[]> {
    const room = batchSize - held;
    if (readState() === "draining" || readState() === "drained" || room <= 0) return [];
    await runTierRoleWork(deps, { leaseMs, limit: 10 });
    const now = clock.now();
    const rows = await claimDueMemberRoles(deps.db, { owner: deps.owner, now, leaseMs, limit: room });
    mayHaveMore = rows.length === room;
    // Counted on this worker's clock from before the claim, as the outbox worker does.
    const leaseEndsAt = now + leaseMs;
    return rows.map((row) => dispatch(row, leaseEndsAt));
  }

  function dispatch(row: MemberTierRole, leaseEndsAt: number): Promise<RoleRowResult> {
    held += 1;
    const work = lanes
      .run(`${row.guildId}:${row.userId}`, () => guard(row, leaseEndsAt))
      .finally(() => {
        held -= 1;
        inFlight.delete(work);
        if (mayHaveMore && held <= batchSize / 2) signal.wake();
      });
    inFlight.add(work);
    return work;
  }

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
    if (readState() === "draining") {
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

  async function runLoop(): Promise<void> {
    while (readState() === "running") {
      let wait = pollIntervalMs;
      try {
        const claimed = await claim();
        if (claimed.length > 0) logger.debug({ claimed: claimed.length }, "claimed tier role rows");
        wait = await readWait();
      } catch (error) {
        mayHaveMore = false;
        logger.error({ err: error }, "could not claim tier role work; trying again at the next poll");
      }
      if (readState() !== "running") break;
      await signal.wait(wait);
    }
  }

  /** The poll interval, or less when another worker's lease ends sooner (as the outbox worker does). */
  async function readWait(): Promise<number> {
    if (mayHaveMore) return pollIntervalMs;
    const untilLeaseEnds = await readNextMemberRoleLeaseEnd(deps.db, { owner: deps.owner, now: clock.now() });
    return Math.min(pollIntervalMs, untilLeaseEnds ?? Number.POSITIVE_INFINITY);
  }

  return {
    start() {
      if (state !== "idle") return;
      state = "running";
      loop = runLoop();
    },
    async drain() {
      if (state === "idle" || state === "running") state = "draining";
      signal.wake();
      await loop;
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      state = "drained";
    },
    async runOnce() {
      return Promise.all(await claim());
    },
    notify() {
      if (state === "running") signal.wake();
    },
  };
}
