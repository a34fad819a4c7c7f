// The mark written before an event's create (src/store/tournament-event-lease.ts, markCreateAttempted): only
// while the worker's lease on the row holds, on the lease clock (PostgreSQL's own), whether or not another
// worker took the row since; and it starts the lease again, so the create has a whole lease to be answered in.
import { describe, expect, it } from "vitest";
import { claimDueTournamentEvents, markCreateAttempted } from "../../src/store/tournament-event-lease.js";
import { syncTournamentEventRows } from "../../src/store/tournament-event-row-sync.js";
import { enableTournamentEvents } from "../../src/store/tournament-event-settings.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { testNow } from "./secret-box-fixture.js";
import { wantedTournamentEvent } from "./support/wanted-tournament-event.js";

const guildId = "100000000000000001";
const key = { guildId, tournamentId: "trn_a" };
const leaseMs = 30_000;

describe.each(testDatabases())("the create mark on $name", (database) => {
  const store = useMigratedStore(database);
  const row = async () => {
    const found = await store.db
      .selectFrom("tournament_events")
      .select(["create_attempted", "lease_owner", "lease_expires_at"])
      .where("guild_id", "=", guildId)
      .executeTakeFirstOrThrow();
    return { ...found, lease_expires_at: Number(found.lease_expires_at) };
  };

  async function claimedRow() {
    await enableTournamentEvents(store.db, { guildId, enabledBy: "200000000000000009", now: testNow });
    const event = wantedTournamentEvent("trn_a", testNow + 24 * 3_600_000);
    await syncTournamentEventRows(store.db, {
      guildId,
      wanted: [event],
      openIds: new Set(["trn_a"]),
      complete: true,
      now: testNow,
      limit: 100,
    });
    const [claimed] = await claimDueTournamentEvents(store.db, {
      owner: "worker-1",
      now: testNow,
      leaseMs,
      limit: 1,
    });
    expect(claimed?.tournamentId).toBe("trn_a");
  }

  it("is written while the lease holds, and renews it", async () => {
    await claimedRow();
    const before = (await row()).lease_expires_at;
    expect(
      await markCreateAttempted(store.db, key, { owner: "worker-1", now: testNow + 10_000, leaseMs }),
    ).toBe(true);
    const marked = await row();
    expect(marked.create_attempted).toBe(1);
    // On SQLite from the worker's `now`; on PostgreSQL from the database's, later than the claim's.
    expect(marked.lease_expires_at).toBeGreaterThan(before);
  });

  it("is not written once the lease ended, though no other worker took the row", async () => {
    await claimedRow();
    // The lease's end passed (PostgreSQL times it on its own clock, which a test does not move).
    await store.db.updateTable("tournament_events").set({ lease_expires_at: 0 }).execute();

    expect(
      await markCreateAttempted(store.db, key, { owner: "worker-1", now: testNow + leaseMs + 1, leaseMs }),
    ).toBe(false);
    expect(await row()).toMatchObject({ create_attempted: 0, lease_owner: "worker-1" });
  });
});
