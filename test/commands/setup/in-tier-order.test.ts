import { describe, expect, it } from "vitest";
import { inTierOrder } from "../../../src/commands/setup/in-tier-order.js";
import type { TierRole } from "../../../src/store/tier-roles.js";
import type { Tier } from "../../../src/store/tiers.js";

const role = (tier: string): TierRole => ({
  guildId: "1",
  tier,
  roleId: `role-${tier}`,
  createdByBot: true,
  createdAt: 0,
});
const tier = (name: string, lowestRating: number | null): Tier => ({
  tier: name,
  lowestRating,
  highestRating: lowestRating,
  firstSeenAt: 0,
});

describe("inTierOrder", () => {
  it("lists tier roles lowest tier first, as the platform orders its tiers, and unseen tiers last", () => {
    const tiers = [tier("bronze", 0), tier("silver", 1200), tier("gold", 1600), tier("diamond", 2400)];
    const ordered = inTierOrder(
      [role("silver"), role("diamond"), role("zeta"), role("bronze"), role("gold")],
      tiers,
    );
    expect(ordered.map((mapping) => mapping.tier)).toEqual(["bronze", "silver", "gold", "diamond", "zeta"]);
  });
});
