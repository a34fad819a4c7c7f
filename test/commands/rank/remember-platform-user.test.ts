import { describe, expect, it } from "vitest";
import { ManualClock } from "../../../src/clock.js";
import { rememberPlatformUser } from "../../../src/commands/rank/remember-platform-user.js";
import { findPlatformUser } from "../../../src/store/platform-users.js";
import { listTiers } from "../../../src/store/tiers.js";
import { testDatabases, useMigratedStore, type TestDatabase } from "../../store/databases.js";

describe("remembering a platform user a command showed", () => {
  const store = useMigratedStore(testDatabases()[0] as TestDatabase);
  const clock = new ManualClock(Date.UTC(2026, 10, 21));

  it("keeps the rating for the read model and learns the tier at the rating it was seen at", async () => {
    const deps = { db: store.db, clock };
    await rememberPlatformUser(deps, {
      platformUserId: "usr_1",
      username: "ada",
      rating: 1510,
      tier: "Gold",
    });
    await rememberPlatformUser(deps, {
      platformUserId: "usr_2",
      username: "bea",
      rating: 1440,
      tier: "gold",
    });
    await rememberPlatformUser(deps, { platformUserId: "usr_3", username: "cy", rating: 1300 });
    expect(await findPlatformUser(store.db, "usr_1")).toMatchObject({ rating: 1510, tier: "Gold" });
    expect(
      (await listTiers(store.db)).map((tier) => [tier.tier, tier.lowestRating, tier.highestRating]),
    ).toEqual([["gold", 1440, 1510]]);
  });
});
