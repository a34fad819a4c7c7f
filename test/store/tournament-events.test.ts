// Tournaments as scheduled events, in the store (docs/architecture.md, "Tournament events"): the setting, the
// rows a read brings in line, the claim under a lease, and a permission problem told once.
import { describe, expect, it } from "vitest";
import {
  disableTournamentEvents,
  enableTournamentEvents,
  findTournamentEventSettings,
  recordEventPermissionProblem,
} from "../../src/store/tournament-event-settings.js";
import { pruneTournamentEvents } from "../../src/store/tournament-event-deletions.js";
import {
  markTournamentEventsStarted,
  syncTournamentEventRows,
} from "../../src/store/tournament-event-row-sync.js";
import { listTournamentEvents, type WantedTournamentEvent } from "../../src/store/tournament-events.js";
import {
  claimDueTournamentEvents,
  recordEventSynced,
  recordEventSyncFailed,
} from "../../src/store/tournament-event-lease.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { wantedTournamentEvent } from "./support/wanted-tournament-event.js";
import { testNow } from "./secret-box-fixture.js";

const guildId = "100000000000000001";
const adminId = "200000000000000009";
const hour = 3_600_000;

const wanted = wantedTournamentEvent;

describe.each(testDatabases())("tournament events on $name", (database) => {
  const store = useMigratedStore(database);
  const sync = (events: WantedTournamentEvent[], now: number, complete = true, open = events) =>
    syncTournamentEventRows(store.db, {
      guildId,
      wanted: events,
      openIds: new Set(open.map((event) => event.tournamentId)),
      complete,
      now,
      limit: 100,
    });
  const statuses = async () =>
    (await listTournamentEvents(store.db, guildId)).map((event) => [event.tournamentId, event.wantedStatus]);

  it("turns events on and off, and records a permission problem once until turned on again", async () => {
    expect(await findTournamentEventSettings(store.db, guildId)).toBeUndefined();
    await enableTournamentEvents(store.db, { guildId, enabledBy: adminId, now: testNow });
    expect(await findTournamentEventSettings(store.db, guildId)).toEqual({
      guildId,
      enabledBy: adminId,
      permissionProblem: null,
      nextPollAt: testNow,
      lastPolledAt: null,
      linkProblem: null,
      readClaims: 0,
      createdAt: testNow,
      updatedAt: testNow,
    });
    const record = () =>
      recordEventPermissionProblem(store.db, { guildId, permission: "Create Events", now: testNow });
    expect(await record()).toBe(true);
    expect(await record()).toBe(false);
    await enableTournamentEvents(store.db, { guildId, enabledBy: adminId, now: testNow + 1 });
    expect((await findTournamentEventSettings(store.db, guildId))?.permissionProblem).toBeNull();
    expect(await disableTournamentEvents(store.db, { guildId, now: testNow })).toBe(true);
    expect(await disableTournamentEvents(store.db, { guildId, now: testNow })).toBe(false);
  });

  it("adds tournaments ahead, moves a changed one, deletes a vanished one and starts one that left at its start", async () => {
    await enableTournamentEvents(store.db, { guildId, enabledBy: adminId, now: testNow });
    const [a, b, c] = [
      wanted("a", testNow + hour),
      wanted("b", testNow + 2 * hour),
      wanted("c", testNow + 3 * hour),
    ];
    expect(await sync([a, b, c, wanted("past", testNow - 1)], testNow)).toEqual({
      created: 3,
      changed: 0,
      started: 0,
      deleted: 0,
    });
    // An incomplete read says nothing of what it did not see.
    expect(await sync([a], testNow, false)).toEqual({ created: 0, changed: 0, started: 0, deleted: 0 });
    const moved = { ...b, startsAt: b.startsAt + hour, endsAt: b.endsAt + hour };
    expect(await sync([moved], testNow + hour, true, [moved, c])).toEqual({
      created: 0,
      changed: 1,
      started: 1,
      deleted: 1,
    });
    expect(await statuses()).toEqual([
      ["a", "active"],
      ["b", "scheduled"],
      ["c", "deleted"],
    ]);
    const events = await listTournamentEvents(store.db, guildId);
    expect(events.find((event) => event.tournamentId === "b")?.startsAt).toBe(moved.startsAt);
    expect(events.every((event) => event.dueAt === testNow + hour)).toBe(true);
  });

  it("keeps the event of a tournament one read of the whole list missed, and deletes it when the next misses it too", async () => {
    await enableTournamentEvents(store.db, { guildId, enabledBy: adminId, now: testNow });
    const [a, b] = [wanted("a", testNow + hour), wanted("b", testNow + 2 * hour)];
    await sync([a, b], testNow);
    const noChange = { created: 0, changed: 0, started: 0, deleted: 0 };
    // An empty answer, or a page that shifted as another tournament started: b's event stays, marked.
    expect(await sync([a], testNow + 1)).toEqual(noChange);
    expect(await statuses()).toEqual([
      ["a", "scheduled"],
      ["b", "scheduled"],
    ]);
    const missed = (await listTournamentEvents(store.db, guildId)).find(
      (event) => event.tournamentId === "b",
    );
    expect(missed?.missedAt).toBe(testNow + 1);
    expect(missed?.dueAt).toBe(testNow);
    // The next read sees it: the mark is cleared, so one more miss is again only a mark.
    expect(await sync([a, b], testNow + 2)).toEqual(noChange);
    expect((await listTournamentEvents(store.db, guildId)).every((event) => event.missedAt === null)).toBe(
      true,
    );
    expect(await sync([a], testNow + 3)).toEqual(noChange);
    expect(await statuses()).toEqual([
      ["a", "scheduled"],
      ["b", "scheduled"],
    ]);
    // Missed by the read after that too: it is gone, and its event is deleted.
    expect(await sync([a], testNow + 4)).toEqual({ ...noChange, deleted: 1 });
    expect(await statuses()).toEqual([
      ["a", "scheduled"],
      ["b", "deleted"],
    ]);
  });

  it("starts, not deletes, a missed tournament that the next read misses after its start", async () => {
    await enableTournamentEvents(store.db, { guildId, enabledBy: adminId, now: testNow });
    const a = wanted("a", testNow + hour);
    await sync([a], testNow);
    expect(await sync([], testNow + 1)).toEqual({ created: 0, changed: 0, started: 0, deleted: 0 });
    expect(await sync([], testNow + hour)).toEqual({ created: 0, changed: 0, started: 1, deleted: 0 });
    expect(await statuses()).toEqual([["a", "active"]]);
  });

  it("starts a server's events only from its own endpoint's event, and every server's from the operator's", async () => {
    for (const guild of [guildId, "100000000000000002"]) {
      await enableTournamentEvents(store.db, { guildId: guild, enabledBy: adminId, now: testNow });
    }
    await sync([wanted("a", testNow + hour)], testNow);
    await syncTournamentEventRows(store.db, {
      guildId: "100000000000000002",
      wanted: [wanted("a", testNow + hour)],
      openIds: new Set(["a"]),
      complete: true,
      now: testNow,
      limit: 100,
    });
    const start = (scope: string | undefined) =>
      markTournamentEventsStarted(store.db, { tournamentId: "a", guildId: scope, now: testNow });
    expect(await start(guildId)).toBe(1);
    expect(await start(undefined)).toBe(1);
    expect(await start(undefined)).toBe(0);
  });

  it("claims a due row once under a lease, and only while its server has no permission problem", async () => {
    await enableTournamentEvents(store.db, { guildId, enabledBy: adminId, now: testNow });
    await sync([wanted("a", testNow + hour)], testNow);
    const claim = (owner: string, now = testNow) =>
      claimDueTournamentEvents(store.db, { owner, now, leaseMs: 30_000, limit: 10 });
    const [claimed] = await claim("one");
    expect(claimed?.tournamentId).toBe("a");
    expect(await claim("two")).toEqual([]);
    // A read that changes it while it is held makes it due again when the sync is recorded.
    await sync([{ ...wanted("a", testNow + hour), name: "Renamed" }], testNow + 1);
    await recordEventSynced(
      store.db,
      { guildId, tournamentId: "a", claimedUpdatedAt: claimed!.updatedAt },
      {
        discordEventId: "900",
        syncedStatus: "scheduled",
        syncedFields: claimed!,
        nextDueAt: null,
        now: testNow + 2,
      },
    );
    const [again] = await claim("two", testNow + 2);
    expect(again).toMatchObject({ name: "Renamed", discordEventId: "900" });
    await recordEventPermissionProblem(store.db, { guildId, permission: "Create Events", now: testNow });
    await sync([wanted("a", testNow + hour), wanted("b", testNow + hour)], testNow + 3, true, [
      wanted("a", testNow + hour),
      wanted("b", testNow + hour),
    ]);
    expect(await claim("three", testNow + 60_000)).toEqual([]);
  });

  it("writes nothing for a read that comes after events were turned off, so their deletion goes on", async () => {
    await enableTournamentEvents(store.db, { guildId, enabledBy: adminId, now: testNow });
    await sync([wanted("a", testNow + hour)], testNow);
    await disableTournamentEvents(store.db, { guildId, now: testNow + 1 });
    expect(
      await sync([wanted("a", testNow + hour), wanted("b", testNow + hour)], testNow + 2),
    ).toBeUndefined();
    expect(await statuses()).toEqual([["a", "deleted"]]);
  });

  it("makes a deletion paused for a permission due when events are turned off, as no /setup events on will resume it", async () => {
    await enableTournamentEvents(store.db, { guildId, enabledBy: adminId, now: testNow });
    await sync([wanted("a", testNow + hour), wanted("b", testNow + hour)], testNow);
    await sync([wanted("a", testNow + hour)], testNow, true, [wanted("a", testNow + hour)]);
    // Discord refused b's deletion for a permission: paused until /setup events on.
    await recordEventSyncFailed(store.db, { guildId, tournamentId: "b" }, { retryAt: null });
    await disableTournamentEvents(store.db, { guildId, now: testNow + 1 });
    const events = await listTournamentEvents(store.db, guildId);
    expect(events.map((event) => [event.tournamentId, event.wantedStatus, event.dueAt])).toEqual([
      ["a", "deleted", testNow + 1],
      ["b", "deleted", testNow + 1],
    ]);
  });

  it("prunes a deletion given up after events were turned off at once, and not one still tried or paused", async () => {
    const other = "100000000000000002";
    for (const guild of [guildId, other]) {
      await enableTournamentEvents(store.db, { guildId: guild, enabledBy: adminId, now: testNow });
      await syncTournamentEventRows(store.db, {
        guildId: guild,
        wanted: [wanted("a", testNow + hour), wanted("b", testNow + hour)],
        openIds: new Set(["a", "b"]),
        complete: true,
        now: testNow,
        limit: 100,
      });
    }
    // Off here: a is still being tried; b's deletion was left due no more, as an older version left it.
    await disableTournamentEvents(store.db, { guildId, now: testNow });
    await recordEventSyncFailed(store.db, { guildId, tournamentId: "b" }, { retryAt: null });
    // On in the other server: its deletion paused for a permission waits for /setup events on. Two reads
    // miss b: the first only marks it missed.
    for (let read = 0; read < 2; read += 1) {
      await syncTournamentEventRows(store.db, {
        guildId: other,
        wanted: [wanted("a", testNow + hour)],
        openIds: new Set(["a"]),
        complete: true,
        now: testNow,
        limit: 100,
      });
    }
    await recordEventSyncFailed(store.db, { guildId: other, tournamentId: "b" }, { retryAt: null });

    expect(await pruneTournamentEvents(store.db, testNow - 7 * 24 * hour)).toBe(1);
    expect(await statuses()).toEqual([["a", "deleted"]]);
    expect(
      (await listTournamentEvents(store.db, other)).map((event) => [event.tournamentId, event.wantedStatus]),
    ).toEqual([
      ["a", "scheduled"],
      ["b", "deleted"],
    ]);
  });

  it("prunes rows a week past their end, but not one still to delete", async () => {
    await enableTournamentEvents(store.db, { guildId, enabledBy: adminId, now: testNow });
    await sync([wanted("a", testNow + hour), wanted("b", testNow + hour)], testNow);
    // Two reads miss b: the first only marks it missed.
    await sync([wanted("a", testNow + hour)], testNow, true, [wanted("a", testNow + hour)]);
    await sync([wanted("a", testNow + hour)], testNow, true, [wanted("a", testNow + hour)]);
    expect(await pruneTournamentEvents(store.db, testNow + 4 * hour)).toBe(1);
    expect(await statuses()).toEqual([["b", "deleted"]]);
  });
});
