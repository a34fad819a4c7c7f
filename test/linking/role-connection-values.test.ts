import { describe, expect, it } from "vitest";
import type { PlatformUser, UserStats } from "../../src/api/schemas/user.js";
import { describeRoleConnection } from "../../src/linking/role-connection-values.js";
import type { Tier } from "../../src/store/tiers.js";

const user: PlatformUser = {
  id: "usr_1",
  username: "alice",
  email: undefined,
  rating: 2350.6,
  tier: "Grand Master",
  joinedAt: "2025-03-04T05:06:07+02:00",
  displayName: undefined,
  bio: undefined,
  location: undefined,
  website: undefined,
};
const stats: UserStats = {
  totalBattles: 40,
  wins: 31,
  losses: 9,
  winRate: 0.775,
  averageTime: undefined,
  rating: undefined,
  ratingChange: undefined,
};
const tier = (name: string, lowestRating: number): Tier => ({
  tier: name,
  lowestRating,
  highestRating: lowestRating,
  firstSeenAt: 0,
});
const learned = [tier("silver", 1000), tier("gold", 1500), tier("grand master", 2300)];

describe("describeRoleConnection", () => {
  it("sends each metadata value as a string: whole numbers, the tier's place lowest first, an ISO date", () => {
    expect(describeRoleConnection(user, stats, learned)).toEqual({
      platform_name: "Arena",
      platform_username: "alice",
      metadata: {
        rating: "2351",
        battles_won: "31",
        tier_rank: "3",
        member_since: "2025-03-04T03:06:07.000Z",
      },
    });
  });

  it("leaves out what the platform did not say or the bot never learned, and keeps the name within 100", () => {
    const unknown = {
      ...user,
      username: "x".repeat(120),
      rating: undefined,
      tier: "mythic",
      joinedAt: undefined,
    };
    expect(describeRoleConnection(unknown, stats, learned)).toEqual({
      platform_name: "Arena",
      platform_username: "x".repeat(100),
      metadata: { battles_won: "31" },
    });
  });
});
