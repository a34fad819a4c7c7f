// Create mode (docs/architecture.md, "Tier roles"): a role for every tier the bot knows, named after the tier,
// coloured by tier, ordered by rating just below the bot's highest role. A role with the tier's name that is
// not mapped yet, and is as the bot makes them (no permissions, the tier's colour, below the bot's highest
// role), is taken over rather than made again, so work redone after a crash adds no second role. The reminder
// role is never taken over: a tier role sync would take it from the members who opted in.
import { maxCreateRateLimitWaitMs, maxCreateTimeoutMs } from "../discord/bot-rest-options.js";
import type { APIRole } from "discord-api-types/v10";
import { createGuildRole, moveGuildRoles } from "../discord/guild-roles.js";
import { formatTier, pickTierColour } from "../display/tier.js";
import { forgetRoleDrops } from "../store/guild-role-queue.js";
import { findReminderSettings } from "../store/reminder-settings.js";
import { listTierRoles, mapTierRole, unmapTier } from "../store/tier-roles.js";
import { listTiers } from "../store/tiers.js";
import { classifyRoleFailure, type RoleFailure } from "./classify-role-failure.js";
import { findBotTopRole } from "./explain-role-refusal.js";
import { planRolePositions } from "./plan-role-positions.js";
import { readRoleHierarchy } from "./read-role-hierarchy.js";
import { isRoleBelow } from "./role-order.js";
import type { RoleDeps } from "./role-deps.js";

export interface TierRolesOutcome {
  readonly created: readonly { readonly tier: string; readonly roleId: string }[];
  readonly adopted: readonly { readonly tier: string; readonly roleId: string }[];
  /** Tiers whose role was already mapped. */
  readonly kept: number;
  /** False when Discord would not reorder the roles (they work all the same). */
  readonly ordered: boolean;
  /**
   * When they are not ordered because Discord failed the move in a way that passes (a 5xx, a time-out, a rate
   * limit, a refused token): that failure. Absent when ordered, or when the bot may not order them until an
   * admin acts (its role too low, a 403).
   */
  readonly orderFailure?: RoleFailure;
}

/**
 * The least a lease renewed for one create must last: the client for creates holds a create for at most its
 * rate-limit wait and its time-out (src/discord/bot-rest-options.ts), and a few seconds more record the role.
 * OUTBOX_LEASE_SECONDS may be shorter (as low as 5 s).
 */
export const createLeaseFloorMs = maxCreateRateLimitWaitMs + maxCreateTimeoutMs + 5_000;

/** Thrown before a role is made once the caller's lease on the server's role work has ended. */
export class TierRoleLeaseEndedError extends Error {
  constructor(guildId: string) {
    super(`the lease on server ${guildId}'s role work ended; another worker may hold it`);
    this.name = "TierRoleLeaseEndedError";
  }
}

/**
 * Throws Discord's error when a role cannot be created (50013: the caller explains it). `renewLease`, when
 * given, is called before each role is made and renews the caller's lease on the work for the create, for at
 * least `createLeaseFloorMs`, so the create is answered within it; false, the lease has passed to another
 * worker, which may be making the same roles, so this one stops (TierRoleLeaseEndedError) rather than make a
 * second role of a tier.
 */
export async function ensureTierRoles(
  deps: RoleDeps,
  guildId: string,
  renewLease: () => Promise<boolean> = () => Promise.resolve(true),
  /**
   * "made": the roles are ordered only when this pass made or took over one (the background pass, daily and
   * on a new tier), so an admin who arranged the server's roles by hand keeps that order; "always": as
   * `/setup roles create` asks.
   */
  order: "always" | "made" = "always",
): Promise<TierRolesOutcome> {
  const tiers = await listTiers(deps.db);
  const hierarchy = await readRoleHierarchy(deps, guildId);
  const roles: Pick<APIRole, "id" | "name" | "position" | "managed" | "permissions" | "colors">[] = [
    ...hierarchy.roles,
  ];
  const top = findBotTopRole(hierarchy);
  const live = new Set(roles.map((role) => role.id));
  const mapped = new Map<string, string>();
  for (const mapping of await listTierRoles(deps.db, guildId)) {
    if (live.has(mapping.roleId)) mapped.set(mapping.tier, mapping.roleId);
    else await unmapTier(deps.db, { guildId, tier: mapping.tier });
  }
  const created: { tier: string; roleId: string }[] = [];
  const adopted: { tier: string; roleId: string }[] = [];
  const kept = tiers.filter((tier) => mapped.has(tier.tier)).length;
  const reminderRoleId = (await findReminderSettings(deps.db, guildId))?.roleId ?? undefined;
  // Highest tier first: Discord puts each new role at position 1 below the older ones there, so roles made in
  // this order already stand in rating order.
  for (const { tier } of [...tiers].reverse()) {
    if (mapped.has(tier)) continue;
    const taken = new Set([...mapped.values(), ...(reminderRoleId === undefined ? [] : [reminderRoleId])]);
    const name = formatTier(tier);
    const colour = pickTierColour(tier);
    // Only a role as the bot makes them: a server's own role of that name (a staff role, say) would hand its
    // permissions to the tier's members and be taken from everyone else.
    const existing = roles.find(
      (role) =>
        role.name === name &&
        !role.managed &&
        role.id !== guildId &&
        !taken.has(role.id) &&
        role.permissions === "0" &&
        role.colors.primary_color === colour &&
        top !== undefined &&
        isRoleBelow(role, top),
    );
    if (existing === undefined && !(await renewLease())) throw new TierRoleLeaseEndedError(guildId);
    const role =
      existing ??
      (await createGuildRole(deps.restForCreates ?? deps.rest, {
        guildId,
        name,
        color: colour,
        reason: `tier roles: a role for tier ${tier}`,
      }));
    if (existing === undefined) roles.push(role);
    // An admin who mapped the tier (or this role) meanwhile keeps their choice; a role made here then stands
    // unused, and a later pass leaves it too (its tier is mapped).
    const mapping = { guildId, tier, roleId: role.id, createdByBot: true, now: deps.clock.now() };
    if (!(await mapTierRole(deps.db, { ...mapping, ifUnmapped: true }))) {
      deps.logger.info(
        { guildId, tier, roleId: role.id },
        "tier roles: the tier or the role was mapped meanwhile; role left unmapped",
      );
      continue;
    }
    (existing === undefined ? created : adopted).push({ tier, roleId: role.id });
    mapped.set(tier, role.id);
    // A role taken over may be one a remap left to take from members: it stands for a tier again.
    if (existing !== undefined) await forgetRoleDrops(deps.db, { guildId, roleId: role.id });
  }
  const madeAny = created.length + adopted.length > 0;
  const result =
    order === "made" && !madeAny
      ? "ordered"
      : await orderTierRoles(deps, { guildId, roles, hierarchy, tiers, mapped });
  if (result === "ordered" || result === "refused")
    return { created, adopted, kept, ordered: result === "ordered" };
  return { created, adopted, kept, ordered: false, orderFailure: result };
}

/** Failures of the move that pass: a later try may order the roles. */
const passingKinds = new Set<RoleFailure["kind"]>(["transient", "rate-limited", "unauthorized"]);

/** ordered; refused: the bot may not order them as the server stands; else how Discord failed the move. */
type OrderResult = "ordered" | "refused" | RoleFailure;

async function orderTierRoles(
  deps: RoleDeps,
  input: {
    readonly guildId: string;
    readonly roles: readonly Pick<APIRole, "id" | "position">[];
    readonly hierarchy: Parameters<typeof findBotTopRole>[0];
    readonly tiers: readonly { readonly tier: string }[];
    readonly mapped: ReadonlyMap<string, string>;
  },
): Promise<OrderResult> {
  const top = findBotTopRole(input.hierarchy);
  if (top === undefined) return "refused";
  const positions = planRolePositions({
    guildId: input.guildId,
    roles: input.roles,
    botTopRole: top,
    tierRoleIdsHighestFirst: [...input.tiers].reverse().flatMap(({ tier }) => {
      const roleId = input.mapped.get(tier);
      return roleId === undefined ? [] : [roleId];
    }),
  });
  if (positions === undefined) return "refused";
  if (positions.length === 0) return "ordered";
  try {
    await moveGuildRoles(deps.rest, {
      guildId: input.guildId,
      positions,
      reason: "tier roles: ordered by rating",
    });
    return "ordered";
  } catch (error) {
    deps.logger.warn({ guildId: input.guildId, err: error }, "could not order the tier roles");
    const failure = classifyRoleFailure(error);
    return passingKinds.has(failure.kind) ? failure : "refused";
  }
}
