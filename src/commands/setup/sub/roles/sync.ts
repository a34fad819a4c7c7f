// `/setup roles sync` (docs/architecture.md, "Tier roles"): every linked member queued again (which resumes a
// paused sync, or one turned off with its mapping kept), then a short wait for the role worker, so the answer can say what changed.
import { setTimeout as sleep } from "node:timers/promises";
import type { BotDependencies } from "../../../bot-dependencies.js";
import { UserFacingError } from "../../../../discord/user-facing-error.js";
import { queueGuildSync } from "../../../../roles/queue-guild-sync.js";
import { findGuildRoleSettings, saveRoleSyncMode } from "../../../../store/guild-role-settings.js";
import { listTierRoles } from "../../../../store/tier-roles.js";
import {
  summariseGuildRoleSync,
  type GuildSyncSummary,
} from "../../../../store/member-tier-role-progress.js";
import { renderTierRoleSync } from "../../render-tier-roles.js";
import type { SubcommandContext } from "../../setup-arguments.js";

/** How long the answer waits for the sync; a big server finishes in the background. */
export const syncWaitMs = 10_000;
const pollMs = 250;
/** Members named in the answer, at most. */
const changedShown = 10;

export interface TierRoleSyncOutcome extends GuildSyncSummary {
  readonly resumed: boolean;
  /** The mode tier roles were turned on again in, when they were off; else null. */
  readonly turnedOn: "create" | "map" | null;
  /** Why Discord's refusal paused the sync during the wait, if it did. */
  readonly pausedReason: string | null;
}

export interface SyncWait {
  readonly sleep: (milliseconds: number) => Promise<unknown>;
  readonly windowMs: number;
}

export async function syncTierRoles(
  deps: Pick<BotDependencies, "db" | "clock" | "wakeRoleWorker">,
  guildId: string,
  wait: SyncWait = { sleep, windowMs: syncWaitMs },
): Promise<TierRoleSyncOutcome> {
  const settings = await findGuildRoleSettings(deps.db, guildId);
  const mapped = (await listTierRoles(deps.db, guildId)).length > 0;
  if (settings === undefined || (settings.mode === "off" && !mapped)) {
    throw new UserFacingError(
      "roles_off",
      "Tier roles are off here. Turn them on with `/setup roles create`, or map a tier with `/setup roles map`.",
    );
  }
  const startedAt = deps.clock.now();
  // Turned off earlier with its mapping kept: syncing turns it back on in the mode it was turned off in (as
  // mapped for a server turned off before that was kept).
  const turnedOn = settings.mode === "off" ? (settings.resumeMode ?? "map") : null;
  if (turnedOn !== null) await saveRoleSyncMode(deps.db, { guildId, mode: turnedOn, now: startedAt });
  await queueGuildSync(deps.db, { guildId, now: startedAt, resume: true });
  deps.wakeRoleWorker?.();
  const deadline = deps.clock.now() + wait.windowMs;
  const look = async () => ({
    summary: await summariseGuildRoleSync(deps.db, { guildId, since: startedAt, limit: changedShown }),
    pausedReason: (await findGuildRoleSettings(deps.db, guildId))?.pausedReason ?? null,
  });
  let seen = await look();
  // A pause stops the sync until the admins fix something: no use waiting for it.
  while (seen.summary.pending > 0 && seen.pausedReason === null && deps.clock.now() < deadline) {
    await wait.sleep(pollMs);
    seen = await look();
  }
  return {
    ...seen.summary,
    pausedReason: seen.pausedReason,
    resumed: settings.pausedReason !== null,
    turnedOn,
  };
}

/** The subcommand: what the sync changed while the answer waited, answered privately. */
export async function runRolesSync(
  deps: BotDependencies,
  { actor, responder }: SubcommandContext,
): Promise<void> {
  const outcome = await syncTierRoles(deps, actor.guildId);
  await responder.reply({ content: renderTierRoleSync(outcome), ephemeral: true });
}
