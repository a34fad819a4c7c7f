// A deletion's row wanted back while its event was being deleted (src/store/tournament-event-deletions.ts,
// deleteTournamentEventRow): it stays, due at once. It forgets the deleted event only if it still names it,
// and the deleting worker gives back only a lease it still holds: a worker that took the row over meanwhile
// (the deletion outlasted its lease) keeps the event it is making and its create mark, so no third worker
// makes a second event.
import { describe, expect, it } from "vitest";
import {
  claimDueTournamentEvents,
  forgetDiscordEvent,
  markCreateAttempted,
  recordDiscordEvent,
} from "../../src/store/tournament-event-lease.js";
import { deleteTournamentEventRow } from "../../src/store/tournament-event-deletions.js";
import { syncTournamentEventRows } from "../../src/store/tournament-event-row-sync.js";
import { enableTournamentEvents } from "../../src/store/tournament-event-settings.js";
import { listTournamentEvents } from "../../src/store/tournament-events.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { testNow } from "./secret-box-fixture.js";
import { wantedTournamentEvent } from "./support/wanted-tournament-event.js";

const guildId = "100000000000000001";
const hour = 3_600_000;
const leaseMs = 30_000;
const deletingAt = testNow + leaseMs + 1;
const event = wantedTournamentEvent("trn_a", testNow + 24 * hour);

describe.each(testDatabases())("a deletion's row wanted back on $name", (database) => {
  const store = useMigratedStore(database);
  const key = { guildId, tournamentId: "trn_a" };
  const showTournament = (now: number) =>
    syncTournamentEventRows(store.db, {
      guildId,
      wanted: [event],
      openIds: new Set(["trn_a"]),
      complete: true,
      now,
      limit: 100,
    });
  const claim = async (owner: string, now: number) => {
    const [claimed] = await claimDueTournamentEvents(store.db, { owner, now, leaseMs, limit: 10 });
    if (claimed === undefined) throw new Error(`${owner} claimed nothing`);
    return claimed;
  };
  const row = async () => (await listTournamentEvents(store.db, guildId))[0];
  /** The row's lease ends (PostgreSQL times leases on its own clock, which a test does not move). */
  const endLease = () =>
    store.db
      .updateTable("tournament_events")
      .set({ lease_expires_at: 0 })
      .where("guild_id", "=", guildId)
      .execute();

  const recordEvent = (discordEventId: string) =>
    recordDiscordEvent(store.db, key, { discordEventId, syncedStatus: "scheduled", syncedFields: event });
  /** worker-1's deletion ends: the deleted event was the row's first. */
  const worker1Deletes = (deleting: { readonly updatedAt: number }, now: number) =>
    deleteTournamentEventRow(
      store.db,
      { ...key, claimedUpdatedAt: deleting.updatedAt },
      { owner: "worker-1", now, deletedEventId: "700000000000000001" },
    );

  async function deletionClaimedThenWantedBack() {
    await enableTournamentEvents(store.db, { guildId, enabledBy: "200000000000000009", now: testNow });
    await showTournament(testNow);
    await claim("worker-1", testNow);
    await recordEvent("700000000000000001");
    // The row is wanted deleted (a nearer tournament took its place), and worker-1 claims it again, its first
    // lease over, to delete its event.
    await syncTournamentEventRows(store.db, {
      guildId,
      wanted: [],
      openIds: new Set(["trn_a"]),
      complete: true,
      now: testNow + 1,
      limit: 100,
    });
    await endLease();
    const deleting = await claim("worker-1", deletingAt);
    expect(deleting.wantedStatus).toBe("deleted");
    // It lets the event go before it sends the deletion; the tournament is back in the next read meanwhile.
    await forgetDiscordEvent(store.db, key, "700000000000000001");
    await showTournament(deletingAt + 1);
    return deleting;
  }

  it("forgets the deleted event and gives back the deleting worker's own lease", async () => {
    const deleting = await deletionClaimedThenWantedBack();

    const gone = await worker1Deletes(deleting, deletingAt + 2);

    expect(gone).toBe(false);
    expect(await row()).toMatchObject({
      wantedStatus: "scheduled",
      discordEventId: null,
      createAttempted: false,
      dueAt: deletingAt + 2,
    });
    expect(await claim("worker-2", deletingAt + 3)).toMatchObject({ tournamentId: "trn_a" });
  });

  it("leaves a worker that took the row over with the event it is making and its lease", async () => {
    const deleting = await deletionClaimedThenWantedBack();
    // The deletion outlasts worker-1's lease; worker-2 takes the row, names no event, finds none by its
    // location (the old one is gone), and makes a new one: its create mark is written, and its answer recorded.
    const takenAt = deletingAt + leaseMs + 1;
    await endLease();
    await claim("worker-2", takenAt);
    expect(await markCreateAttempted(store.db, key, { owner: "worker-2", now: takenAt, leaseMs })).toBe(true);
    await recordEvent("700000000000000002");

    const gone = await worker1Deletes(deleting, takenAt + 1);

    expect(gone).toBe(false);
    expect(await row()).toMatchObject({ discordEventId: "700000000000000002", createAttempted: true });
    // Still worker-2's: nobody else claims it until its lease ends.
    expect(
      await claimDueTournamentEvents(store.db, { owner: "worker-3", now: takenAt + 2, leaseMs, limit: 10 }),
    ).toEqual([]);
  });

  it("forgets the deleted event that a worker which took the row over found again, and leaves it its lease", async () => {
    const deleting = await deletionClaimedThenWantedBack();
    // worker-2 takes the row while the deletion is still on its way, and finds the old event by its location.
    const takenAt = deletingAt + leaseMs + 1;
    await endLease();
    await claim("worker-2", takenAt);
    await recordEvent("700000000000000001");

    const gone = await worker1Deletes(deleting, takenAt + 1);

    expect(gone).toBe(false);
    expect(await row()).toMatchObject({ discordEventId: null, dueAt: takenAt + 1 });
    expect(
      await claimDueTournamentEvents(store.db, { owner: "worker-3", now: takenAt + 2, leaseMs, limit: 10 }),
    ).toEqual([]);
  });
});
