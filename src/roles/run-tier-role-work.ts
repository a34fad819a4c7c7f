// The guild-level work of create mode, taken under the guild's lease (docs/architecture.md, "Tier roles"): a
// tier seen for the first time gets its role in every server that chose `create`, and the server's members
// are queued again so those of that tier get it.
import { claimTierRoleWork, finishTierRoleWork, pauseRoleSync } from "../store/guild-role-settings.js";
import { queueGuildRoleSync } from "../store/guild-role-queue.js";
import { classifyRoleFailure } from "./classify-role-failure.js";
import { ensureTierRoles } from "./ensure-tier-roles.js";
import type { RoleDeps } from "./role-deps.js";
import { tellAdminsRolesPaused } from "./tell-admins-about-roles.js";

export async function runTierRoleWork(
  deps: RoleDeps & { readonly owner: string },
  input: { readonly leaseMs: number; readonly limit: number },
): Promise<number> {
  const claimedAt = deps.clock.now();
  const guildIds = await claimTierRoleWork(deps.db, { owner: deps.owner, now: claimedAt, ...input });
  for (const guildId of guildIds) {
    let done = false;
    try {
      const outcome = await ensureTierRoles(deps, guildId);
      if (outcome.created.length + outcome.adopted.length > 0) {
        await queueGuildRoleSync(deps.db, { guildId, cause: "mapping", now: deps.clock.now() });
      }
      done = true;
    } catch (error) {
      const failure = classifyRoleFailure(error);
      if (failure.kind === "missing-permissions") {
        const paused = await pauseRoleSync(deps.db, {
          guildId,
          reason: failure.detail,
          now: deps.clock.now(),
        });
        if (paused) await tellAdminsRolesPaused(deps, guildId, failure.detail);
      } else {
        deps.logger.warn(
          { guildId, err: error },
          "could not make the roles of new tiers; trying again later",
        );
      }
    } finally {
      await finishTierRoleWork(deps.db, { guildId, owner: deps.owner, done, claimedAt });
    }
  }
  return guildIds.length;
}
