// A server's room for tournament events (docs/architecture.md, "Tournament events"): the nearest open
// tournaments that would show an event take it; one that never will does not.
import { describe, expect, it } from "vitest";
import { enableTournamentEvents } from "../../src/store/tournament-event-settings.js";
import { syncTournamentEventRows } from "../../src/store/tournament-event-row-sync.js";
import { listTournamentEvents, type WantedTournamentEvent } from "../../src/store/tournament-events.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { wantedTournamentEvent } from "./support/wanted-tournament-event.js";
import { testNow } from "./secret-box-fixture.js";

const guildId = "100000000000000001";
const hour = 3_600_000;

const wanted = wantedTournamentEvent;

describe.each(testDatabases())("a server's room for tournament events on $name", (database) => {
  const store = useMigratedStore(database);
  const sync = (events: WantedTournamentEvent[], now: number, limit: number) =>
    syncTournamentEventRows(store.db, {
      guildId,
      wanted: events,
      openIds: new Set(events.map((event) => event.tournamentId)),
      complete: true,
      now,
      limit,
    });
  const statuses = async () =>
    Object.fromEntries(
      (await listTournamentEvents(store.db, guildId)).map((event) => [
        event.tournamentId,
        event.wantedStatus,
      ]),
    );

  it("gives no room to a tournament that will show no event, so the nearest that will fill it", async () => {
    await enableTournamentEvents(store.db, { guildId, enabledBy: "200000000000000009", now: testNow });
    const removed = wanted("removed", testNow + hour);
    const ended = wanted("ended", testNow + 2 * hour);
    await sync([removed, ended], testNow, 3);
    // An admin deleted one event (the bot never makes it again); the other's tournament was read as ended
    // though the list still shows it open.
    await store.db
      .updateTable("tournament_events")
      .set({ wanted_status: "forgotten" })
      .where("tournament_id", "=", "removed")
      .execute();
    await store.db
      .updateTable("tournament_events")
      .set({ wanted_status: "completed" })
      .where("tournament_id", "=", "ended")
      .execute();
    const later = testNow + 10;
    const [a, b, c, d] = ["a", "b", "c", "d"].map((id, index) => wanted(id, testNow + (3 + index) * hour));
    // Nearest first, as the worker reads them: one already under way that never had an event comes first.
    const begun = wanted("begun", testNow - hour);

    expect(await sync([begun, removed, ended, a!, b!, c!, d!], later, 3)).toMatchObject({ created: 3 });
    expect(await statuses()).toEqual({
      removed: "forgotten",
      ended: "completed",
      a: "scheduled",
      b: "scheduled",
      c: "scheduled",
    });

    // A nearer one comes: the farthest of the room gives its event up.
    const near = wanted("near", testNow + 2.5 * hour);
    expect(await sync([begun, removed, ended, near, a!, b!, c!, d!], later + 1, 3)).toMatchObject({
      created: 1,
      deleted: 1,
    });
    expect(await statuses()).toMatchObject({
      near: "scheduled",
      a: "scheduled",
      b: "scheduled",
      c: "deleted",
    });
  });
});
