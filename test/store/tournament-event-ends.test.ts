// A started tournament's event kept truthful, in the store (docs/architecture.md, "Tournament events"): a
// read of the active tournaments moves an end near or past on by one bounded step and no further when read
// again, completes the event of a tournament two reads in a row no longer list, and writes nothing once
// events are off.
import { describe, expect, it } from "vitest";
import {
  followLiveTournamentEvents,
  hasLiveTournamentEvents,
} from "../../src/store/tournament-event-ends.js";
import { syncTournamentEventRows } from "../../src/store/tournament-event-row-sync.js";
import {
  disableTournamentEvents,
  enableTournamentEvents,
} from "../../src/store/tournament-event-settings.js";
import { listTournamentEvents, type WantedTournamentEvent } from "../../src/store/tournament-events.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { wantedTournamentEvent } from "./support/wanted-tournament-event.js";
import { testNow } from "./secret-box-fixture.js";

const guildId = "100000000000000001";
const adminId = "200000000000000009";
const minute = 60_000;
const hour = 60 * minute;

const wanted = wantedTournamentEvent;

describe.each(testDatabases())("tournament event ends on $name", (database) => {
  const store = useMigratedStore(database);
  const rows = async () =>
    (await listTournamentEvents(store.db, guildId)).map((event) => ({
      id: event.tournamentId,
      status: event.wantedStatus,
      endsAt: event.endsAt,
    }));
  const follow = (input: { active: string[]; open?: string[]; complete?: boolean; now: number }) =>
    followLiveTournamentEvents(store.db, {
      guildId,
      activeIds: new Set(input.active),
      openIds: new Set(input.open ?? []),
      complete: input.complete ?? true,
      now: input.now,
      extendWithinMs: 10 * minute,
      stepMs: 30 * minute,
    });

  /** Tournaments a, b, c and d, each started an hour after now, their events made active by a later read. */
  async function startFour(): Promise<number> {
    await enableTournamentEvents(store.db, { guildId, enabledBy: adminId, now: testNow });
    const events = ["a", "b", "c", "d"].map((id) => wanted(id, testNow + hour));
    const sync = (open: WantedTournamentEvent[], now: number) =>
      syncTournamentEventRows(store.db, {
        guildId,
        wanted: open,
        openIds: new Set(open.map((event) => event.tournamentId)),
        complete: true,
        now,
        limit: 100,
      });
    await sync(events, testNow);
    expect(await hasLiveTournamentEvents(store.db, guildId)).toBe(false);
    await sync([], testNow + hour);
    expect(await hasLiveTournamentEvents(store.db, guildId)).toBe(true);
    return testNow + hour;
  }

  it("moves a near end on once, completes a tournament's event two reads missed, and leaves the rest", async () => {
    const startsAt = await startFour();
    const end = startsAt + 2 * hour;
    const now = end - 5 * minute;
    // a and b run on, c is no longer listed (completed), d is still listed open (not started on the platform).
    expect(await follow({ active: ["a", "b"], open: ["d"], now })).toEqual({ extended: 2, ended: 0 });
    // One read can miss a running tournament: c's event stays live until the next read misses it too.
    expect((await rows()).find((row) => row.id === "c")?.status).toBe("active");
    // Read again a minute later: c is missed again and its event completed; the ends are not near, so
    // nothing moves.
    expect(await follow({ active: ["a", "b"], open: ["d"], now: now + minute })).toEqual({
      extended: 0,
      ended: 1,
    });
    expect(await rows()).toEqual([
      { id: "a", status: "active", endsAt: now + 30 * minute },
      { id: "b", status: "active", endsAt: now + 30 * minute },
      { id: "c", status: "completed", endsAt: now + minute },
      { id: "d", status: "active", endsAt: end },
    ]);
    // A read that stopped before the last page says nothing of b's absence.
    expect(await follow({ active: ["a"], open: ["d"], complete: false, now: now + 2 * minute })).toEqual({
      extended: 0,
      ended: 0,
    });
    expect((await rows()).find((row) => row.id === "b")?.status).toBe("active");
  });

  it("keeps a running tournament's event that one empty read missed, once a later read lists it again", async () => {
    const startsAt = await startFour();
    const now = startsAt + 30 * minute;
    // An empty answer for both lists: nothing is completed yet.
    expect(await follow({ active: [], now })).toEqual({ extended: 0, ended: 0 });
    expect((await rows()).map((row) => row.status)).toEqual(Array(4).fill("active"));
    // The next read lists them again, which clears the marks; one more empty read is again only a mark.
    expect(await follow({ active: ["a", "b", "c", "d"], now: now + minute })).toEqual({
      extended: 0,
      ended: 0,
    });
    expect(await follow({ active: [], now: now + 2 * minute })).toEqual({ extended: 0, ended: 0 });
    expect((await rows()).map((row) => row.status)).toEqual(Array(4).fill("active"));
    expect(await follow({ active: [], now: now + 3 * minute })).toEqual({ extended: 0, ended: 4 });
  });

  it("moves an end already past on from now, and writes nothing once events are off", async () => {
    const startsAt = await startFour();
    // Past the end already (the read came late): the end moves to the step from now.
    const late = startsAt + 2 * hour + 3 * minute;
    expect(await follow({ active: ["a", "b", "c", "d"], now: late })).toEqual({ extended: 4, ended: 0 });
    expect((await rows()).map((row) => row.endsAt)).toEqual(Array(4).fill(late + 30 * minute));
    await disableTournamentEvents(store.db, { guildId, now: late });
    expect(await follow({ active: [], now: late + hour })).toBeUndefined();
  });
});
