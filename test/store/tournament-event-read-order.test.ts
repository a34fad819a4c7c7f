// Two of the events' own reads of a server's open tournaments committing out of order (docs/architecture.md,
// "Tournament events"; a server without reminders): with two instances and a platform slower than the poll
// interval, a read can still run when the next is claimed, and commit after it. The older read, named by its
// claim's count and the settings it was claimed for, writes nothing: it moved the event back to the start it
// had read, until the next read.
import { describe, expect, it } from "vitest";
import { claimDueEventReads } from "../../src/store/tournament-event-reads.js";
import { syncTournamentEventRows } from "../../src/store/tournament-event-row-sync.js";
import {
  disableTournamentEvents,
  enableTournamentEvents,
} from "../../src/store/tournament-event-settings.js";
import { listTournamentEvents, type WantedTournamentEvent } from "../../src/store/tournament-events.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { testNow } from "./secret-box-fixture.js";
import { wantedTournamentEvent } from "./support/wanted-tournament-event.js";

const guildId = "100000000000000001";
const hour = 3_600_000;

describe.each(testDatabases())("events' reads committing out of order on $name", (database) => {
  const store = useMigratedStore(database);
  const claimAt = async (now: number) => {
    const [claimed] = await claimDueEventReads(store.db, { now, pollMs: 60_000, limit: 10 });
    if (claimed === undefined) throw new Error("no read was due");
    return { claims: claimed.readClaims, settingsCreatedAt: claimed.createdAt };
  };
  const sync = (event: WantedTournamentEvent, read: { claims: number; settingsCreatedAt: number }) =>
    syncTournamentEventRows(store.db, {
      guildId,
      wanted: [event],
      openIds: new Set([event.tournamentId]),
      complete: true,
      now: testNow + 120_000,
      limit: 100,
      read,
    });
  const starts = async () => (await listTournamentEvents(store.db, guildId)).map((event) => event.startsAt);

  it("keeps what the later read wrote when an earlier one commits after it", async () => {
    await enableTournamentEvents(store.db, { guildId, enabledBy: "200000000000000009", now: testNow });
    const first = testNow + 5 * hour;
    const moved = first + 2 * hour;
    const earlierRead = await claimAt(testNow);
    const laterRead = await claimAt(testNow + 60_000);
    expect(laterRead.claims).toBe(earlierRead.claims + 1);

    // The start moved; the later read saw it and committed first.
    expect(await sync(wantedTournamentEvent("trn_a", moved), laterRead)).toMatchObject({ created: 1 });
    expect(await sync(wantedTournamentEvent("trn_a", first), earlierRead)).toBe("overtaken");
    expect(await starts()).toEqual([moved]);

    // A read claimed before events were turned off and on again writes nothing into the new settings either.
    const beforeOff = await claimAt(testNow + 120_000);
    await disableTournamentEvents(store.db, { guildId, now: testNow + 130_000 });
    await enableTournamentEvents(store.db, {
      guildId,
      enabledBy: "200000000000000009",
      now: testNow + 140_000,
    });
    expect(await sync(wantedTournamentEvent("trn_b", first), beforeOff)).toBe("overtaken");
    const afterOn = await claimAt(testNow + 140_000);
    expect(await sync(wantedTournamentEvent("trn_b", first), afterOn)).toMatchObject({ created: 1 });
  });
});
