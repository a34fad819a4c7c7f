import { describe, expect, it } from "vitest";
import { describeRoleReason, planMemberRoles } from "../../src/roles/plan-member-roles.js";
import type { TierRole } from "../../src/store/tier-roles.js";

const mapping = (tier: string, roleId: string): TierRole => ({
  guildId: "g",
  tier,
  roleId,
  createdByBot: true,
  createdAt: 0,
});
const mappings = [mapping("gold", "r-gold"), mapping("master", "r-master"), mapping("diamond", "r-diamond")];

describe("planning a member's tier roles", () => {
  it("gives the tier's role and takes the other tier roles, leaving other roles alone", () => {
    expect(
      planMemberRoles({
        memberRoleIds: ["r-gold", "r-diamond", "r-moderator"],
        mappings,
        linked: true,
        desired: { known: true, tier: "master" },
      }),
    ).toEqual({ add: ["r-master"], remove: ["r-gold", "r-diamond"] });
  });

  it("changes nothing when the member already holds exactly the tier's role", () => {
    expect(
      planMemberRoles({
        memberRoleIds: ["r-master", "r-moderator"],
        mappings,
        linked: true,
        desired: { known: true, tier: "master" },
      }),
    ).toEqual({ add: [], remove: [] });
  });

  it("takes every tier role from a member who unlinked or whose tier has no role", () => {
    const held = { memberRoleIds: ["r-master"], mappings };
    expect(planMemberRoles({ ...held, linked: false, desired: { known: true, tier: "master" } })).toEqual({
      add: [],
      remove: ["r-master"],
    });
    expect(planMemberRoles({ ...held, linked: true, desired: { known: true, tier: "iron" } })).toEqual({
      add: [],
      remove: ["r-master"],
    });
  });

  it("leaves the roles as they are while the tier cannot be known", () => {
    expect(
      planMemberRoles({ memberRoleIds: ["r-master"], mappings, linked: true, desired: { known: false } }),
    ).toEqual({ add: [], remove: [] });
  });

  it("says why in the audit log", () => {
    const row = { rating: 2105, tier: "master", platformUserId: "usr_1" };
    expect(describeRoleReason({ ...row, cause: "rating" })).toBe("rating 2105 → tier master");
    expect(describeRoleReason({ ...row, cause: "link" })).toBe("linked: rating 2105 → tier master");
    expect(describeRoleReason({ ...row, cause: "sync" })).toBe("sync: rating 2105 → tier master");
    expect(describeRoleReason({ ...row, platformUserId: null, cause: "unlink" })).toBe(
      "tier roles: the member unlinked their platform account",
    );
  });
});
