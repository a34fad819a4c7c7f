// What one member's roles must become (docs/architecture.md, "Tier roles"): the role of their tier, and none
// of the other tier roles. Only the difference with what Discord shows is changed, so planning again after a
// crash finds nothing left to do.
import type { MemberTierRole } from "../store/member-tier-roles.js";
import type { TierRole } from "../store/tier-roles.js";

/** The member's tier, or unknown (it could not be read): then their roles are left as they are. */
export type DesiredTier = { readonly known: true; readonly tier: string | null } | { readonly known: false };

export interface MemberRolePlan {
  readonly add: readonly string[];
  readonly remove: readonly string[];
}

export function planMemberRoles(input: {
  readonly memberRoleIds: readonly string[];
  readonly mappings: readonly TierRole[];
  /** False once the member unlinked: every tier role goes. */
  readonly linked: boolean;
  readonly desired: DesiredTier;
  /** Roles that stood for a tier before it was given another, none of them mapped now: taken if held. */
  readonly dropRoleIds?: readonly string[];
}): MemberRolePlan {
  const holds = new Set(input.memberRoleIds);
  const dropped = (input.dropRoleIds ?? []).filter((roleId) => holds.has(roleId));
  if (input.linked && !input.desired.known) return { add: [], remove: dropped };
  const tier = input.linked && input.desired.known ? input.desired.tier : null;
  const desiredRoleId = input.mappings.find((mapping) => mapping.tier === tier)?.roleId;
  return {
    add: desiredRoleId !== undefined && !holds.has(desiredRoleId) ? [desiredRoleId] : [],
    remove: [
      ...input.mappings
        .map((mapping) => mapping.roleId)
        .filter((roleId) => roleId !== desiredRoleId && holds.has(roleId)),
      ...dropped.filter((roleId) => roleId !== desiredRoleId),
    ],
  };
}

/** The audit-log reason of a change: "rating 2105 → tier master", "unlinked", "sync: rating 2105 → tier master". */
export function describeRoleReason(
  row: Pick<MemberTierRole, "cause" | "rating" | "tier" | "platformUserId">,
): string {
  if (row.platformUserId === null) return "tier roles: the member unlinked their platform account";
  const tier = `tier ${row.tier ?? "none"}`;
  const change = row.rating === null ? tier : `rating ${row.rating} → ${tier}`;
  switch (row.cause) {
    case "rating":
      return change;
    case "link":
      return `linked: ${change}`;
    default:
      return `sync: ${change}`;
  }
}
