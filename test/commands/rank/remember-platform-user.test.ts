import { describe, expect, it } from "vitest";
import { ManualClock } from "../../../src/clock.js";
import { rememberPlatformUser } from "../../../src/commands/rank/remember-platform-user.js";
import { findPlatformUser } from "../../../src/store/platform-users.js";
import { listTiers } from "../../../src/store/tiers.js";
import { testDatabases, useMigratedStore } from "../../store/databases.js";

describe.each(testDatabases())("remembering a platform user a command showed on $name", (database) => {
  const store = useMigratedStore(database);
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

  it("stores a rating the platform gave as a fraction rounded, and one past the column's range as unknown", async () => {
    // PostgreSQL refused 1849.6 into the integer column, failing the whole /leaderboard global page.
    const deps = { db: store.db, clock };
    await rememberPlatformUser(deps, {
      platformUserId: "usr_f",
      username: "fa",
      rating: 1849.6,
      tier: "Gold",
    });
    // Its tier is learned too, and the tiers' rating columns are integers as well.
    await rememberPlatformUser(deps, {
      platformUserId: "usr_h",
      username: "hu",
      rating: 3e12,
      tier: "Mythic",
    });
    expect(await findPlatformUser(store.db, "usr_f")).toMatchObject({ rating: 1850, tier: "Gold" });
    expect(await findPlatformUser(store.db, "usr_h")).toMatchObject({ rating: null, tier: "Mythic" });
    expect(
      (await listTiers(store.db)).map((tier) => [tier.tier, tier.lowestRating, tier.highestRating]),
    ).toEqual([
      ["gold", 1850, 1850],
      ["mythic", null, null],
    ]);
  });

  it("names a new user by the username saved at link time, but never renames a known one with it", async () => {
    const deps = { db: store.db, clock };
    await rememberPlatformUser(deps, { platformUserId: "usr_b", username: "bobby", rating: 1400 });
    clock.advance(1000);
    await rememberPlatformUser(deps, {
      platformUserId: "usr_b",
      username: "bob",
      usernameAsLinked: true,
      rating: 1500,
      tier: "Gold",
    });
    await rememberPlatformUser(deps, { platformUserId: "usr_n", username: "nia", usernameAsLinked: true });
    expect(await findPlatformUser(store.db, "usr_b")).toMatchObject({
      username: "bobby",
      rating: 1500,
      tier: "Gold",
      updatedAt: clock.now(),
    });
    expect(await findPlatformUser(store.db, "usr_n")).toMatchObject({ username: "nia", rating: null });
    await rememberPlatformUser(deps, { platformUserId: "usr_n", username: "nia2", usernameAsLinked: true });
    expect(await findPlatformUser(store.db, "usr_n")).toMatchObject({ username: "nia" });
  });
});
