// One member row, start to finish (docs/architecture.md, "Tier roles"): know the tier (reading it if the
// event lacked it), read the member from Discord, and add or remove only what differs from the plan.
import { addMemberRole, fetchGuildMember, removeMemberRole } from "../discord/guild-roles.js";
import { forgetSyncedTier, saveLookedUpTier } from "../store/member-tier-role-lease.js";
import type { MemberTierRole } from "../store/member-tier-roles.js";
import { findReminderSettings } from "../store/reminder-settings.js";
import { listTierRoles, type TierRole } from "../store/tier-roles.js";
import { normaliseTier, recordTierSighting } from "../store/tiers.js";
import { classifyRoleFailure, type RoleFailure } from "./classify-role-failure.js";
import { describeRoleReason, planMemberRoles, type DesiredTier } from "./plan-member-roles.js";
import type { ReadMemberTier } from "./read-member-tier.js";
import type { RoleDeps } from "./role-deps.js";

export type MemberSyncOutcome =
  | {
      readonly kind: "synced";
      readonly added: number;
      readonly removed: number;
      /** The tier whose role the member now holds (their tier, known and mapped), else null. */
      readonly tier: string | null;
    }
  | { readonly kind: "failed"; readonly failure: RoleFailure; readonly roleId: string | undefined };

export interface MemberSyncDeps extends RoleDeps {
  readonly owner: string;
  readonly readMemberTier: ReadMemberTier;
}

/**
 * Discord errors come back as a failure; anything else (the database, the platform unreachable) throws. The
 * row's drops are forgotten by the caller once it is synced (apply-role-outcome.ts).
 */
export async function syncMemberRoles(deps: MemberSyncDeps, row: MemberTierRole): Promise<MemberSyncOutcome> {
  const { guildId, userId } = row;
  const mappings = await listTierRoles(deps.db, guildId);
  const desired = await readDesiredTier(deps, row);
  const linked = row.platformUserId !== null;
  const tier = linked && desired.known ? desired.tier : null;
  const dropRoleIds = await readRolesToDrop(deps, row, mappings);
  if (mappings.length === 0 && dropRoleIds.length === 0) {
    return { kind: "synced", added: 0, removed: 0, tier: null };
  }
  // A rating change within the tier the last sync made right: nothing to ask Discord.
  if (tier !== null && tier === row.syncedTier && dropRoleIds.length === 0) {
    return { kind: "synced", added: 0, removed: 0, tier };
  }
  let memberRoleIds: readonly string[];
  try {
    memberRoleIds = (await fetchGuildMember(deps.rest, guildId, userId)).roles;
  } catch (error) {
    return { kind: "failed", failure: classifyRoleFailure(error), roleId: undefined };
  }
  const plan = planMemberRoles({ memberRoleIds, mappings, linked, desired, dropRoleIds });
  const reason = describeRoleReason({ ...row, tier: desired.known ? desired.tier : row.tier });
  const changes = [
    ...plan.add.map((roleId) => ({
      roleId,
      apply: () => addMemberRole(deps.rest, { guildId, userId, roleId, reason }),
    })),
    ...plan.remove.map((roleId) => ({
      roleId,
      apply: () => removeMemberRole(deps.rest, { guildId, userId, roleId, reason }),
    })),
  ];
  // Overtaken or cut short, this sync leaves no tier known to be right (docs/architecture.md, "Tier roles").
  if (changes.length > 0) await forgetSyncedTier(deps.db, { guildId, userId, owner: deps.owner });
  for (const change of changes) {
    try {
      await change.apply();
    } catch (error) {
      return { kind: "failed", failure: classifyRoleFailure(error), roleId: change.roleId };
    }
  }
  const holds = tier !== null && mappings.some((mapping) => mapping.tier === tier);
  return { kind: "synced", added: plan.add.length, removed: plan.remove.length, tier: holds ? tier : null };
}

async function readDesiredTier(deps: MemberSyncDeps, row: MemberTierRole): Promise<DesiredTier> {
  if (row.platformUserId === null) return { known: true, tier: null };
  if (!row.tierLookup) return { known: true, tier: row.tier };
  const reading = await deps.readMemberTier({ guildId: row.guildId, userId: row.userId });
  if (reading === undefined) return row.tier === null ? { known: false } : { known: true, tier: row.tier };
  const tier = normaliseTier(reading.tier) ?? null;
  const lease = { guildId: row.guildId, userId: row.userId, owner: deps.owner, version: row.version };
  await saveLookedUpTier(deps.db, { ...lease, tier, rating: reading.rating ?? null });
  // In a transaction of its own: a sighting that reorders the tiers queues the connections in its commit.
  if (tier !== null) {
    const sighting = { tier, rating: reading.rating, now: deps.clock.now() };
    await deps.db.transaction().execute((trx) => recordTierSighting(trx, sighting));
  }
  return { known: true, tier };
}

/**
 * The roles a tier stood for before `/setup roles map` gave it another, to take from the member; not one that
 * stands for a tier again, nor the reminder role (docs/architecture.md, "Tier roles").
 */
async function readRolesToDrop(
  deps: MemberSyncDeps,
  row: MemberTierRole,
  mappings: readonly TierRole[],
): Promise<string[]> {
  if (row.dropRoleIds.length === 0) return [];
  const reminderRoleId = (await findReminderSettings(deps.db, row.guildId))?.roleId ?? undefined;
  const mapped = new Set(mappings.map((mapping) => mapping.roleId));
  return row.dropRoleIds.filter((roleId) => !mapped.has(roleId) && roleId !== reminderRoleId);
}
