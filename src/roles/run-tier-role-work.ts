// The guild-level work of create mode, taken under the guild's lease (docs/architecture.md, "Tier roles"): a
// tier seen for the first time gets its role in every server that chose `create`, and the server's members
// are queued again so those of that tier get it. When Discord refuses, a refusal no retry can fix (the bot may
// not, the server's role limit, another 4xx) pauses the server's sync and tells its admins once; a 5xx or a
// time-out is tried again with the outbox's backoff, and the work is not claimed again before then.
import { pauseRoleSync, recordRoleProblem } from "../store/guild-role-settings.js";
import {
  claimTierRoleWork,
  finishTierRoleWork,
  renewTierRoleWork,
  type TierRoleRetry,
  type TierRoleWork,
} from "../store/tier-role-work-lease.js";
import { queueGuildRoleSync } from "../store/guild-role-queue.js";
import { computeRetryDelay, type RetryPolicy } from "../outbox/retry-policy.js";
import { unauthorizedDelayMs } from "./apply-role-outcome.js";
import { classifyRoleFailure, isRoleLimitReached, type RoleFailure } from "./classify-role-failure.js";
import { createLeaseFloorMs, ensureTierRoles, TierRoleLeaseEndedError } from "./ensure-tier-roles.js";
import type { RoleDeps } from "./role-deps.js";
import { tellAdminsRolesPaused, tellAdminsTierRoleRefused } from "./tell-admins-about-roles.js";

export interface TierRoleWorkDeps extends RoleDeps {
  readonly owner: string;
  readonly retry: RetryPolicy;
  readonly random: () => number;
}

export async function runTierRoleWork(
  deps: TierRoleWorkDeps,
  input: { readonly leaseMs: number; readonly limit: number },
): Promise<number> {
  const claimedAt = deps.clock.now();
  const claimed = await claimTierRoleWork(deps.db, { owner: deps.owner, now: claimedAt, ...input });
  // Counted on this worker's clock from before the claim, as the outbox worker does: past it, another worker
  // may hold a server's work, and two making its roles at once would each make a role of the same tier.
  const leaseHeld = () => deps.clock.now() < claimedAt + input.leaseMs;
  for (const work of claimed) {
    const { guildId } = work;
    // Servers claimed together are worked one after another: a late one is left to the next claim.
    if (!leaseHeld()) break;
    let done = false;
    let retry: TierRoleRetry | undefined;
    let orderOwed: boolean | undefined;
    try {
      // The roles are put in rating order when this pass makes one, or when a pass before made one it could not
      // order; otherwise the order the server's admins gave them is theirs.
      const renewLease = () =>
        renewTierRoleWork(deps.db, {
          guildId,
          owner: deps.owner,
          now: deps.clock.now(),
          leaseMs: Math.max(input.leaseMs, createLeaseFloorMs),
        });
      const outcome = await ensureTierRoles(deps, guildId, renewLease, work.orderOwed ? "always" : "made");
      const made = outcome.created.length + outcome.adopted.length > 0;
      if (made) await queueGuildRoleSync(deps.db, { guildId, cause: "mapping", now: deps.clock.now() });
      // A move Discord failed (not one it refused: that waits for an admin) is owed to a later pass.
      const { orderFailure } = outcome;
      orderOwed = false;
      if (orderFailure !== undefined && (made || work.orderOwed)) {
        orderOwed = true;
        // The roles work; their order is tried again as a failed role change is, the work kept marked till then.
        retry = planRetry(deps, work, orderFailure);
        await recordRoleProblem(deps.db, {
          guildId,
          problem: `ordering the tier roles by rating failed (${orderFailure.detail}); trying again`,
          now: deps.clock.now(),
        });
      } else done = true;
    } catch (error) {
      // The work is not finished; a release below finds it another worker's, or makes it due again at once.
      if (error instanceof TierRoleLeaseEndedError) continue;
      const failure = classifyRoleFailure(error);
      // Planned before anything is written, so the backoff holds even if reporting the failure fails.
      retry = planRetry(deps, work, failure);
      await reportFailure(deps, { guildId, error, failure });
    } finally {
      await finishTierRoleWork(deps.db, { guildId, owner: deps.owner, done, claimedAt, retry, orderOwed });
    }
  }
  return claimed.length;
}

/** When to try again; undefined for a refusal that pauses the server (the pause keeps it from being claimed). */
function planRetry(
  deps: TierRoleWorkDeps,
  work: TierRoleWork,
  failure: RoleFailure,
): TierRoleRetry | undefined {
  const now = deps.clock.now();
  switch (failure.kind) {
    case "rate-limited":
      return { nextAttemptAt: now + failure.retryAfterMs, countAttempt: false };
    case "unauthorized":
      return { nextAttemptAt: now + unauthorizedDelayMs, countAttempt: false };
    case "transient":
      // Never given up: the delay stops growing at the policy's ceiling.
      return {
        nextAttemptAt: now + computeRetryDelay(deps.retry, work.attempts + 1, deps.random),
        countAttempt: true,
      };
    default:
      return undefined;
  }
}

async function reportFailure(
  deps: TierRoleWorkDeps,
  input: { readonly guildId: string; readonly error: unknown; readonly failure: RoleFailure },
): Promise<void> {
  const { guildId, error, failure } = input;
  const now = deps.clock.now();
  switch (failure.kind) {
    case "missing-permissions": {
      const paused = await pauseRoleSync(deps.db, { guildId, reason: failure.detail, now });
      if (paused) await tellAdminsRolesPaused(deps, guildId, failure.detail);
      return;
    }
    case "unknown-role":
    case "unknown-member":
    case "rejected": {
      const reason = `creating a tier role: ${failure.detail}`;
      const paused = await pauseRoleSync(deps.db, { guildId, reason, now });
      if (paused) {
        await tellAdminsTierRoleRefused(deps, {
          guildId,
          detail: failure.detail,
          roleLimit: isRoleLimitReached(error),
        });
      }
      return;
    }
    case "rate-limited":
      return;
    case "unauthorized":
      deps.logger.error({ guildId }, `Discord refused the bot token (${failure.detail}); tier roles wait`);
      return;
    case "transient":
      await recordRoleProblem(deps.db, {
        guildId,
        problem: `creating a tier role failed (${failure.detail}); trying again`,
        now,
      });
      deps.logger.warn(
        { guildId, err: error },
        "could not make the roles of new tiers; trying again after a backoff",
      );
      return;
  }
}
