// `/setup roles sync` waits a short while for the role worker, timed by the injected clock (docs/conventions.md,
// habit 6), so a test moves the clock instead of waiting for the wall clock's window to pass.
import { describe, expect, it } from "vitest";
import { ManualClock } from "../../../../../src/clock.js";
import { syncTierRoles } from "../../../../../src/commands/setup/sub/roles/sync.js";
import { saveRoleSyncMode } from "../../../../../src/store/guild-role-settings.js";
import { queueMemberRating } from "../../../../../src/store/member-tier-roles.js";
import { mapTierRole } from "../../../../../src/store/tier-roles.js";
import { testDatabases, useMigratedStore, type TestDatabase } from "../../../../store/databases.js";

const sqliteInMemory = testDatabases()[0] as TestDatabase;
const guildId = "100";

describe("syncing tier roles from /setup roles sync", () => {
  const store = useMigratedStore(sqliteInMemory);

  it("stops waiting for the role worker once the clock has passed the window, and says what is pending", async () => {
    const clock = new ManualClock(Date.UTC(2026, 11, 1, 12));
    const now = clock.now();
    await saveRoleSyncMode(store.db, { guildId, mode: "map", now });
    await mapTierRole(store.db, { guildId, tier: "master", roleId: "200", createdByBot: false, now });
    await queueMemberRating(store.db, {
      guildId,
      userId: "300",
      platformUserId: "usr_300",
      rating: 2105,
      tier: "master",
      ratedAt: now,
      cause: "rating",
      now,
    });

    // No role worker runs, so the member stays pending; each poll moves the clock by the time it waited.
    const waits: number[] = [];
    const sleep = (milliseconds: number) => {
      waits.push(milliseconds);
      clock.advance(milliseconds);
      return Promise.resolve();
    };
    const outcome = await syncTierRoles({ db: store.db, clock }, guildId, { sleep, windowMs: 1_000 });

    expect(outcome).toMatchObject({ pending: 1, checked: 0, pausedReason: null, resumed: false });
    expect(waits).toEqual([250, 250, 250, 250]);
    expect(clock.now()).toBe(now + 1_000);
  });
});
