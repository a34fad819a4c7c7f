// What the admins read when tier roles need them (docs/architecture.md, "Tier roles"), in the admin channel
// (`/setup admin-channel`) or, without one, only in the log and `/setup status`.
import { formatTier } from "../display/tier.js";
import { plainText } from "../display/platform-text.js";
import { tellAdmins } from "../outbox/tell-admins.js";
import { describeRoleRefusal, explainRoleRefusal, type RoleRefusal } from "./explain-role-refusal.js";
import { readRoleHierarchy } from "./read-role-hierarchy.js";
import type { RoleDeps } from "./role-deps.js";
import { listTierRoles } from "../store/tier-roles.js";

/** Reads the roles to say exactly what to fix; if they cannot be read, says what to check. */
export async function explainRefusal(deps: RoleDeps, guildId: string): Promise<RoleRefusal> {
  try {
    const hierarchy = await readRoleHierarchy(deps, guildId);
    const tierRoleIds = (await listTierRoles(deps.db, guildId)).map((mapping) => mapping.roleId);
    return explainRoleRefusal(hierarchy, tierRoleIds);
  } catch (error) {
    deps.logger.warn({ guildId, err: error }, "could not read the roles to explain a refused role change");
    return { kind: "unexplained" };
  }
}

export async function tellAdminsRolesPaused(deps: RoleDeps, guildId: string, detail: string): Promise<void> {
  const refusal = await explainRefusal(deps, guildId);
  await tellAdmins(deps, {
    guildId,
    content: describeRoleRefusal(refusal, detail),
    what: "paused tier roles",
    logFields: { reason: detail, refusal: refusal.kind },
  });
}

/** Discord will not create a tier role however often it is asked (its role limit, another 4xx). */
export async function tellAdminsTierRoleRefused(
  deps: RoleDeps,
  input: { readonly guildId: string; readonly detail: string; readonly roleLimit: boolean },
): Promise<void> {
  const resume = "then run `/setup roles sync` to resume.";
  await tellAdmins(deps, {
    guildId: input.guildId,
    content: input.roleLimit
      ? "I paused tier roles: this server has as many roles as Discord allows, so I couldn't make the role of " +
        `a new tier. Delete roles you no longer need in Server Settings → Roles, ${resume}`
      : `I paused tier roles: Discord refused to create the role of a new tier (${input.detail}). Check the ` +
        `server's roles in Server Settings → Roles, ${resume}`,
    what: "paused tier roles",
    logFields: { reason: input.detail, refusal: input.roleLimit ? "role-limit" : "rejected" },
  });
}

export async function tellAdminsRoleDeleted(
  deps: RoleDeps,
  input: { readonly guildId: string; readonly tier: string; readonly remade: boolean },
): Promise<void> {
  const shown = plainText(formatTier(input.tier));
  await tellAdmins(deps, {
    guildId: input.guildId,
    content: input.remade
      ? `The role for tier **${shown}** was deleted, so I am making it a new one, as I make a role for every tier. ` +
        "To leave the tier without a role, run `/setup roles map` with that tier and no role."
      : `The role for tier **${shown}** was deleted, so I unmapped it: members of that tier get no tier role ` +
        "now. Map another with `/setup roles map`, or run `/setup roles create` to make it again.",
    what: "unmapped a deleted tier role",
    logFields: { tier: input.tier },
  });
}
