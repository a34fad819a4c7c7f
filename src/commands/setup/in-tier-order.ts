// Tier roles as /setup status lists them: in the platform's tier order, lowest first, as the roles themselves
// are arranged (docs/architecture.md, "Tier roles"), rather than alphabetically. A tier never seen comes last.
import type { TierRole } from "../../store/tier-roles.js";
import type { Tier } from "../../store/tiers.js";

export function inTierOrder(mappings: readonly TierRole[], tiers: readonly Tier[]): TierRole[] {
  const rank = new Map(tiers.map((tier, index) => [tier.tier, index]));
  const placeOf = (mapping: TierRole) => rank.get(mapping.tier) ?? tiers.length;
  return [...mappings].sort((a, b) => placeOf(a) - placeOf(b) || a.tier.localeCompare(b.tier));
}
