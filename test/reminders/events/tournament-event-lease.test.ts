// docs/architecture.md, "Tournament events", "Growing past one machine": a tournament's event is synced under
// its row's lease, and a worker whose lease ended while it waited on Discord makes no event: another worker
// holds the row by then, and both making it would leave the server two events of one tournament. On SQLite,
// whose lease clock is the test's.
import { describe, expect, it } from "vitest";
import { ManualClock } from "../../../src/clock.js";
import { disableTournamentEvents } from "../../../src/store/tournament-event-settings.js";
import { listTournamentEvents } from "../../../src/store/tournament-events.js";
import { testDatabases, useMigratedStore, type TestDatabase } from "../../store/databases.js";
import { createEventWorker, cup, hour, useEventWorkerWorld } from "./support/event-worker-world.js";

const sqliteInMemory = testDatabases()[0] as TestDatabase;
const leaseMs = 30_000;

describe("a tournament's event when a worker's lease ends while it waits on Discord", () => {
  const store = useMigratedStore(sqliteInMemory);
  const clock = new ManualClock(Date.UTC(2026, 11, 1, 12));
  const world = useEventWorkerWorld(store, clock);

  /** A worker of its own instance: its own client to Discord. */
  const createWorker = (owner: string, lease = leaseMs) =>
    createEventWorker({
      db: store.db,
      fake: world.fake,
      rest: world.newClient(),
      clock,
      owner,
      leaseMs: lease,
    });

  it("makes the event once when another worker took the row over meanwhile", async () => {
    await world.showTournaments(cup("t1", clock.now() + hour));
    // Both workers look for an event made before a crash before either makes one, as two instances do at once.
    const looks = world.fake.holdResponses("GET", new RegExp(`^/guilds/${world.guild.id}/scheduled-events$`));
    const first = createWorker("worker-1").runOnce();
    await looks.waitForCaught(1);
    clock.advance(leaseMs + 1);
    const second = createWorker("worker-2").runOnce();
    await looks.waitForCaught(2);
    looks.release();
    await Promise.all([first, second]);

    expect(world.fake.scheduledEvents.list(world.guild.id)).toHaveLength(1);
    const [row] = await listTournamentEvents(store.db, world.guild.id);
    expect(row?.discordEventId).toBe(world.fake.scheduledEvents.list(world.guild.id)[0]?.id);
  });

  it("makes the event once when the database ended the lease of a worker whose own clock runs behind", async () => {
    await world.showTournaments(cup("t1", clock.now() + hour));
    const looks = world.fake.holdResponses("GET", new RegExp(`^/guilds/${world.guild.id}/scheduled-events$`));
    // Its clock never moves: by its own count the lease is still its when it would make the event.
    const first = createWorker("worker-1").runOnce();
    await looks.waitForCaught(1);
    // Another instance, its clock a lease ahead (the lease clock of the database, as PostgreSQL's is), takes
    // the row over.
    const ahead = new ManualClock(clock.now() + leaseMs + 1);
    const secondWorker = createEventWorker({
      db: store.db,
      fake: world.fake,
      rest: world.newClient(),
      clock: ahead,
      owner: "worker-2",
      leaseMs,
    });
    const second = secondWorker.runOnce();
    await looks.waitForCaught(2);
    looks.release();
    await Promise.all([first, second]);

    expect(world.fake.scheduledEvents.list(world.guild.id)).toHaveLength(1);
    const [row] = await listTournamentEvents(store.db, world.guild.id);
    expect(row?.discordEventId).toBe(world.fake.scheduledEvents.list(world.guild.id)[0]?.id);
  });

  it("cuts a create unanswered at four fifths of its lease, and the next holder finds the event it made", async () => {
    const shortLeaseMs = 1_000;
    const worker = (owner: string) => createWorker(owner, shortLeaseMs);
    await world.showTournaments(cup("t1", clock.now() + hour));
    // Discord makes the event, but its answer does not come within the lease.
    const creates = world.fake.holdResponses(
      "POST",
      new RegExp(`^/guilds/${world.guild.id}/scheduled-events$`),
    );
    const first = worker("worker-1").runOnce();
    await creates.waitForCaught(1);
    expect(await first).toEqual(["released"]);
    creates.release();

    clock.advance(shortLeaseMs + 1);
    expect(await worker("worker-2").runOnce()).toEqual(["synced"]);
    const made = world.fake.scheduledEvents.list(world.guild.id);
    expect(made).toHaveLength(1);
    expect((await listTournamentEvents(store.db, world.guild.id))[0]?.discordEventId).toBe(made[0]?.id);
  });

  it("releases two creates cut at their lease's four fifths, and the next holder leaves one event each", async () => {
    const shortLeaseMs = 1_000;
    const worker = (owner: string) => createWorker(owner, shortLeaseMs);
    await world.showTournaments(cup("t1", clock.now() + hour), cup("t2", clock.now() + 2 * hour));
    // The first create is made and its answer held; the second waits behind it in the client's queue, and is
    // cut there unsent, or sent once the first's cut frees the queue a few milliseconds before its own: either
    // way both rows are left to their leases, marked, and their next holder looks before it makes.
    const creates = world.fake.holdResponses(
      "POST",
      new RegExp(`^/guilds/${world.guild.id}/scheduled-events$`),
    );
    const first = worker("worker-1").runOnce();
    await creates.waitForCaught(1);
    expect(await first).toEqual(["released", "released"]);
    creates.release();

    clock.advance(shortLeaseMs + 1);
    expect(await worker("worker-2").runOnce()).toHaveLength(2);
    expect(
      world.fake.scheduledEvents
        .list(world.guild.id)
        .map((made) => made.name)
        .sort(),
    ).toEqual(["Cup t1", "Cup t2"]);
  });

  it("makes the event again when another worker takes a deletion's row wanted back while the event goes", async () => {
    await world.showTournaments(cup("t1", clock.now() + 24 * hour));
    expect(await createWorker("worker-1").runOnce()).toEqual(["created"]);
    await disableTournamentEvents(store.db, { guildId: world.guild.id, now: clock.now() });
    // Discord deletes the event; its answer does not come before worker-1's lease ends.
    const deletes = world.fake.holdResponses(
      "DELETE",
      new RegExp(`^/guilds/${world.guild.id}/scheduled-events/\\d+$`),
    );
    const deleting = createWorker("worker-1").runOnce();
    await deletes.waitForCaught(1);
    // Events on again, and a read that shows the tournament; then another worker takes the row over.
    clock.advance(1);
    await world.showTournaments(cup("t1", clock.now() + 24 * hour));
    clock.advance(leaseMs + 1);
    expect(await createWorker("worker-2").runOnce()).toEqual(["created"]);
    deletes.release();
    expect(await deleting).toEqual(["kept"]);

    const events = world.fake.scheduledEvents.list(world.guild.id);
    expect(events).toHaveLength(1);
    expect((await listTournamentEvents(store.db, world.guild.id))[0]).toMatchObject({
      wantedStatus: "scheduled",
      discordEventId: events[0]?.id,
    });
  });
});
