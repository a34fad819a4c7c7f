// docs/architecture.md, "Tournament events": the event worker when Discord moves an event by itself, as the
// fake Discord does on the shared manual clock (an external event is ACTIVE from its start, COMPLETED from its
// end; fake-discord/README.md, "Scheduled events").
import { GuildScheduledEventStatus } from "discord.js";
import { describe, expect, it } from "vitest";
import { ManualClock } from "../../../src/clock.js";
import { markTournamentEventsStarted } from "../../../src/store/tournament-event-row-sync.js";
import { listTournamentEvents } from "../../../src/store/tournament-events.js";
import { testDatabases, useMigratedStore } from "../../store/databases.js";
import { cup, hour, useEventWorkerWorld } from "./support/event-worker-world.js";

describe.each(testDatabases())(
  "the tournament event worker as Discord moves events, on $name",
  (database) => {
    const store = useMigratedStore(database);
    const clock = new ManualClock(Date.UTC(2026, 11, 1, 12));
    const world = useEventWorkerWorld(store, clock);

    const discordEvents = () =>
      world.fake.scheduledEvents.list(world.guild.id).map((event) => ({
        status: event.status,
        startsAt: Date.parse(event.scheduledStartTime),
      }));

    it("shows a tournament postponed after Discord started its event at the new time, as a new event", async () => {
      const startsAt = clock.now() + hour;
      await world.showTournaments(cup("t1", startsAt));
      expect(await world.worker.runOnce()).toEqual(["created"]);
      // Its start passes: Discord makes the external event ACTIVE by itself. The tournament has not started, and
      // the platform moves it an hour on.
      clock.advance(hour + 10 * 60_000);
      expect(world.fake.scheduledEvents.advanceStatuses()).toBe(1);
      const postponedTo = clock.now() + hour;
      await world.showTournaments(cup("t1", postponedTo));
      // A started event keeps its start: the old one goes, and one at the new time is made.
      expect(await world.worker.runOnce()).toEqual(["created"]);
      expect(discordEvents()).toEqual([
        { status: GuildScheduledEventStatus.Scheduled, startsAt: postponedTo },
      ]);
      expect(await listTournamentEvents(store.db, world.guild.id)).toMatchObject([
        { tournamentId: "t1", wantedStatus: "scheduled", syncedStatus: "scheduled", startsAt: postponedTo },
      ]);
    });

    it("replaces the started event once it may, when its deletion was refused and the row let it go", async () => {
      const startsAt = clock.now() + hour;
      await world.showTournaments(cup("t1", startsAt));
      expect(await world.worker.runOnce()).toEqual(["created"]);
      clock.advance(hour + 10 * 60_000);
      const postponedTo = clock.now() + hour;
      world.fake.roles.revokeFromBot(world.guild.id, ["CreateEvents"]);
      await world.showTournaments(cup("t1", postponedTo));
      expect(await world.worker.runOnce()).toEqual(["paused"]);
      expect(discordEvents()).toEqual([{ status: GuildScheduledEventStatus.Active, startsAt }]);
      // The permission back and events on again: the old event is found by its location, and replaced.
      world.fake.roles.grantBot(world.guild.id, ["CreateEvents"]);
      await world.showTournaments(cup("t1", postponedTo));
      expect(await world.worker.runOnce()).toEqual(["created"]);
      expect(discordEvents()).toEqual([
        { status: GuildScheduledEventStatus.Scheduled, startsAt: postponedTo },
      ]);
    });

    it("renames an event Discord started while its tournament is still open, its start left as it is", async () => {
      const startsAt = clock.now() + hour;
      await world.showTournaments(cup("t1", startsAt));
      expect(await world.worker.runOnce()).toEqual(["created"]);
      clock.advance(hour + 10 * 60_000);
      expect(world.fake.scheduledEvents.advanceStatuses()).toBe(1);
      // Still open on the platform, the tournament is renamed, described anew and given a later end.
      const renamed = { ...cup("t1", startsAt), name: "Cup t1 (final)", description: "Format: swiss" };
      await world.showTournaments({ ...renamed, endsAt: startsAt + 3 * hour });
      expect(await world.worker.runOnce()).toEqual(["synced"]);
      expect(world.fake.scheduledEvents.list(world.guild.id)).toMatchObject([
        {
          status: GuildScheduledEventStatus.Active,
          name: "Cup t1 (final)",
          description: "Format: swiss",
          scheduledStartTime: new Date(startsAt).toISOString(),
          scheduledEndTime: new Date(startsAt + 3 * hour).toISOString(),
        },
      ]);
      expect(await listTournamentEvents(store.db, world.guild.id)).toMatchObject([
        { syncedFields: { name: "Cup t1 (final)", startsAt, endsAt: startsAt + 3 * hour } },
      ]);
      // Discord keeps it going past the end it had, to the one it was given.
      clock.set(startsAt + 2 * hour + 60_000);
      expect(world.fake.scheduledEvents.advanceStatuses()).toBe(0);
    });

    it("records as over an event Discord completed at its end when its still open tournament is renamed", async () => {
      const startsAt = clock.now() + hour;
      await world.showTournaments(cup("t1", startsAt));
      expect(await world.worker.runOnce()).toEqual(["created"]);
      clock.advance(3 * hour);
      expect(world.fake.scheduledEvents.advanceStatuses()).toBe(2);
      await world.showTournaments({ ...cup("t1", startsAt), name: "Cup t1 (final)" });
      // Discord takes no change of a finished event (180000): read again, it is over, not refused.
      expect(await world.worker.runOnce()).toEqual(["synced"]);
      expect(world.fake.scheduledEvents.list(world.guild.id)).toMatchObject([
        { status: GuildScheduledEventStatus.Completed, name: "Cup t1" },
      ]);
      expect(await listTournamentEvents(store.db, world.guild.id)).toMatchObject([
        { wantedStatus: "completed", syncedStatus: "completed", dueAt: null },
      ]);
    });

    it("records an event an admin cancelled between the worker's read and its move as over, not refused", async () => {
      const startsAt = clock.now() + hour;
      await world.showTournaments(cup("t1", startsAt));
      expect(await world.worker.runOnce()).toEqual(["created"]);
      const [created] = world.fake.scheduledEvents.list(world.guild.id);
      // The tournament starts early, before Discord would start its event.
      await markTournamentEventsStarted(store.db, {
        tournamentId: "t1",
        guildId: undefined,
        now: clock.now(),
      });
      const read = world.fake.holdResponses("GET", /\/scheduled-events\/\d+$/);
      const syncing = world.worker.runOnce();
      await read.waitForCaught();
      // The worker has read the event still scheduled; an admin cancels it before the worker makes it active.
      world.fake.scheduledEvents.setStatus(
        world.guild.id,
        created?.id ?? "",
        GuildScheduledEventStatus.Canceled,
      );
      read.release();
      expect(await syncing).toEqual(["synced"]);
      expect(discordEvents()).toEqual([{ status: GuildScheduledEventStatus.Canceled, startsAt }]);
      expect(await listTournamentEvents(store.db, world.guild.id)).toMatchObject([
        { tournamentId: "t1", wantedStatus: "completed", syncedStatus: "canceled" },
      ]);
    });

    it("records an event cancelled in Discord as over when its tournament's start moves, not refused", async () => {
      const startsAt = clock.now() + 2 * hour;
      await world.showTournaments(cup("t1", startsAt));
      expect(await world.worker.runOnce()).toEqual(["created"]);
      const [created] = world.fake.scheduledEvents.list(world.guild.id);
      // Cancelled in Discord (another app with Manage Events, or a member's client); then the start moves.
      world.fake.scheduledEvents.setStatus(
        world.guild.id,
        created?.id ?? "",
        GuildScheduledEventStatus.Canceled,
      );
      await world.showTournaments(cup("t1", startsAt + hour));

      expect(await world.worker.runOnce()).toEqual(["synced"]);
      expect(await listTournamentEvents(store.db, world.guild.id)).toMatchObject([
        { tournamentId: "t1", wantedStatus: "completed", syncedStatus: "canceled" },
      ]);
    });

    it("is not due over and over past the end of a started event it took over while its tournament is still open", async () => {
      const startsAt = clock.now() + 2 * 60_000;
      await world.showTournaments(cup("t1", startsAt));
      // The bot's own event of the tournament, left in Discord (as a given-up deletion leaves it), starts.
      world.fake.scheduledEvents.createByMember(world.guild.id, world.fake.applicationId, {
        name: "Cup t1",
        scheduledStartTime: new Date(startsAt).toISOString(),
        scheduledEndTime: new Date(startsAt + 2 * hour).toISOString(),
        location: cup("t1", startsAt).location,
      });
      clock.advance(3 * 60_000);
      expect(world.fake.scheduledEvents.advanceStatuses()).toBe(1);
      expect(await world.worker.runOnce()).toEqual(["synced"]);
      expect(await listTournamentEvents(store.db, world.guild.id)).toMatchObject([
        { wantedStatus: "scheduled", syncedStatus: "active", dueAt: startsAt + 2 * hour },
      ]);
      clock.set(startsAt + 2 * hour + 60_000);
      expect(world.fake.scheduledEvents.advanceStatuses()).toBe(1);
      expect(await world.worker.runOnce()).toEqual(["synced"]);
      // Its end passed: nothing is due until a read changes the row.
      expect(await world.worker.runOnce()).toEqual([]);
      expect(await listTournamentEvents(store.db, world.guild.id)).toMatchObject([{ dueAt: null }]);
    });

    it("leaves an event Discord completed at its end as it is, and records it completed", async () => {
      const startsAt = clock.now() + hour;
      await world.showTournaments(cup("t1", startsAt));
      expect(await world.worker.runOnce()).toEqual(["created"]);
      clock.advance(hour);
      await markTournamentEventsStarted(store.db, {
        tournamentId: "t1",
        guildId: undefined,
        now: clock.now(),
      });
      expect(await world.worker.runOnce()).toEqual(["synced"]);
      clock.advance(2 * hour);
      expect(world.fake.scheduledEvents.advanceStatuses()).toBe(1);
      expect(await world.worker.runOnce()).toEqual(["synced"]);
      expect(discordEvents()).toEqual([{ status: GuildScheduledEventStatus.Completed, startsAt }]);
      expect(await listTournamentEvents(store.db, world.guild.id)).toMatchObject([
        { tournamentId: "t1", wantedStatus: "completed", syncedStatus: "completed" },
      ]);
    });
  },
);
