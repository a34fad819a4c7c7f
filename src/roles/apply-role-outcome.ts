// What becomes of a member row after its sync (docs/architecture.md, "Tier roles"): done, retried with the
// outbox's backoff, or, when Discord says the bot may not, the server's sync paused and its admins told once.
import {
  failMemberRoleSync,
  finishMemberRoleSync,
  reopenAfterLateChange,
  rescheduleMemberRoles,
} from "../store/member-tier-role-lease.js";
import { clearDroppedRoles } from "../store/guild-role-queue.js";
import type { MemberTierRole } from "../store/member-tier-roles.js";
import {
  findGuildRoleSettings,
  markTierRolesPending,
  pauseRoleSync,
  recordRoleProblem,
} from "../store/guild-role-settings.js";
import { unmapRole } from "../store/tier-roles.js";
import { computeRetryDelay, hasExhaustedRetries, type RetryPolicy } from "../outbox/retry-policy.js";
import type { MemberSyncDeps, MemberSyncOutcome } from "./sync-member-roles.js";
import { tellAdminsRoleDeleted, tellAdminsRolesPaused } from "./tell-admins-about-roles.js";

export interface RoleOutcomeDeps extends MemberSyncDeps {
  readonly retry: RetryPolicy;
  readonly random: () => number;
}

export type RoleRowResult =
  | "synced"
  | "superseded"
  | "skipped"
  | "paused"
  | "unmapped"
  | "retry"
  | "rate-limited"
  | "released"
  | "failed";

/** A wait after a 401: the token may come back after an operator fixes it; no attempt is counted. */
export const unauthorizedDelayMs = 60_000;

export async function applyRoleOutcome(
  deps: RoleOutcomeDeps,
  row: MemberTierRole,
  outcome: MemberSyncOutcome,
): Promise<RoleRowResult> {
  const lease = { guildId: row.guildId, userId: row.userId, owner: deps.owner };
  const now = deps.clock.now();
  const finish = async (
    added: number,
    removed: number,
    syncedTier: string | null,
  ): Promise<RoleRowResult> => {
    if (
      await finishMemberRoleSync(deps.db, { ...lease, version: row.version, added, removed, syncedTier, now })
    )
      return "synced";
    // Overtaken, or past its lease: roles this sync changed may undo a sync made since, so the member is read
    // again rather than trusted to the row (a row already due loses nothing by it).
    if (added + removed > 0)
      await reopenAfterLateChange(deps.db, {
        guildId: row.guildId,
        userId: row.userId,
        cause: row.cause,
        now,
      });
    return "superseded";
  };
  const release = async (delayMs: number, error: string, countAttempt = false) => {
    await rescheduleMemberRoles(deps.db, { ...lease, nextAttemptAt: now + delayMs, error, countAttempt });
  };
  // The roles a remap left to take are done with once the member is synced, whether they were taken or no
  // longer apply, and once the member left (Discord took their roles): never kept to be taken later.
  const forgetDrops = () =>
    clearDroppedRoles(deps.db, { guildId: row.guildId, userId: row.userId, was: row.dropRoleIds });
  if (outcome.kind === "synced") {
    await forgetDrops();
    return finish(outcome.added, outcome.removed, outcome.tier);
  }
  const { failure } = outcome;
  switch (failure.kind) {
    case "unknown-member":
      // The member left the server: nothing to give or take.
      await forgetDrops();
      await finish(0, 0, null);
      return "skipped";
    case "missing-permissions": {
      // Kept pending: the guild's rows are not claimed while it is paused, and run again on resume.
      const paused = await pauseRoleSync(deps.db, { guildId: row.guildId, reason: failure.detail, now });
      await release(0, failure.detail);
      if (paused) await tellAdminsRolesPaused(deps, row.guildId, failure.detail);
      return "paused";
    }
    case "unknown-role": {
      const tier =
        outcome.roleId === undefined
          ? undefined
          : await unmapRole(deps.db, { guildId: row.guildId, roleId: outcome.roleId });
      // Due again at once: planned without the deleted role, the rest of the change still applies.
      await release(0, failure.detail);
      if (tier !== undefined) {
        // Create mode gives every tier a role: the tier's is made again at once rather than at the daily pass.
        const remade = (await findGuildRoleSettings(deps.db, row.guildId))?.mode === "create";
        if (remade) await markTierRolesPending(deps.db, { guildId: row.guildId, now });
        await recordRoleProblem(deps.db, {
          guildId: row.guildId,
          problem: `the role for tier ${tier} was deleted; ${remade ? "making a new one" : "unmapped"}`,
          now,
        });
        await tellAdminsRoleDeleted(deps, { guildId: row.guildId, tier, remade });
      }
      return "unmapped";
    }
    case "rate-limited":
      await release(failure.retryAfterMs, failure.detail);
      return "rate-limited";
    case "unauthorized":
      deps.logger.error(
        { guildId: row.guildId },
        `Discord refused the bot token (${failure.detail}); tier roles wait`,
      );
      await release(unauthorizedDelayMs, failure.detail);
      return "released";
    case "transient":
      return retryLater(deps, row, failure.detail);
    case "rejected":
      await failMemberRoleSync(deps.db, {
        ...lease,
        version: row.version,
        error: failure.detail,
        now: deps.clock.now(),
      });
      return "failed";
  }
}

/** The outbox's backoff (docs/architecture.md, "Posting"); after the last attempt the version is given up. */
export async function retryLater(
  deps: RoleOutcomeDeps,
  row: MemberTierRole,
  detail: string,
): Promise<RoleRowResult> {
  const lease = { guildId: row.guildId, userId: row.userId, owner: deps.owner };
  const failedAttempts = row.attempts + 1;
  if (hasExhaustedRetries(deps.retry, failedAttempts)) {
    const error = `gave up after ${failedAttempts} attempts: ${detail}`;
    await failMemberRoleSync(deps.db, { ...lease, version: row.version, error, now: deps.clock.now() });
    return "failed";
  }
  const delay = computeRetryDelay(deps.retry, failedAttempts, deps.random);
  await rescheduleMemberRoles(deps.db, {
    ...lease,
    nextAttemptAt: deps.clock.now() + delay,
    error: detail,
    countAttempt: true,
  });
  return "retry";
}
