// docs/architecture.md, "Tournament events": the event worker against the fake Discord's scheduled events, with
// a migrated database and a manual clock driving both. A server that removed the bot keeps its events' rows
// waiting, unsent ("When the bot leaves a server"), and they go on once the bot is back. A deletion left after
// `/setup events off` that Discord refuses is retried until the permission is back, and given up in the end.
import { GuildScheduledEventStatus } from "discord.js";
import { describe, expect, it } from "vitest";
import { ManualClock } from "../../../src/clock.js";
import { planTournamentEvents } from "../../../src/reminders/events/plan-tournament-events.js";
import { clearGuildRemoval, recordGuildRemoval } from "../../../src/store/guild-removals.js";
import { disableTournamentEvents } from "../../../src/store/tournament-event-settings.js";
import { markTournamentEventsStarted } from "../../../src/store/tournament-event-row-sync.js";
import { listTournamentEvents } from "../../../src/store/tournament-events.js";
import { testDatabases, useMigratedStore } from "../../store/databases.js";
import { openBotRestClients } from "../../support/bot-rest-clients.js";
import { createEventWorker, cup, hour, useEventWorkerWorld } from "./support/event-worker-world.js";

describe.each(testDatabases())("the tournament event worker on $name", (database) => {
  const store = useMigratedStore(database);
  const clock = new ManualClock(Date.UTC(2026, 11, 1, 12));
  const world = useEventWorkerWorld(store, clock);

  const discordEvents = () => world.fake.scheduledEvents.list(world.guild.id);

  it("leaves a removed server's started tournament waiting, and makes its event active once the bot is back", async () => {
    const startsAt = clock.now() + hour;
    await world.showTournaments(cup("t1", startsAt));
    expect(await world.worker.runOnce()).toEqual(["created"]);

    world.fake.removeBotFromGuild(world.guild.id);
    await recordGuildRemoval(store.db, { guildId: world.guild.id, now: clock.now() });
    // The operator's system.tournament_started reaches every server's row, this one's too.
    clock.advance(hour);
    await markTournamentEventsStarted(store.db, { tournamentId: "t1", guildId: undefined, now: clock.now() });
    expect(await world.worker.runOnce()).toEqual([]);
    clock.advance(60_000);
    expect(await world.worker.runOnce()).toEqual([]);

    world.fake.addBotBackToGuild(world.guild.id);
    await clearGuildRemoval(store.db, world.guild.id);
    expect(await world.worker.runOnce()).toEqual(["synced"]);
    expect(discordEvents().map((event) => event.status)).toEqual([GuildScheduledEventStatus.Active]);
    expect(await listTournamentEvents(store.db, world.guild.id)).toMatchObject([
      // Due again at its end, to be completed.
      { tournamentId: "t1", wantedStatus: "active", syncedStatus: "active", dueAt: startsAt + 2 * hour },
    ]);
  });

  it("names the event of a tournament whose title shows nothing, as Discord takes no empty name", async () => {
    const startsAt = new Date(clock.now() + hour).toISOString();
    const details = {
      participants: undefined,
      maxParticipants: undefined,
      prize: undefined,
      format: undefined,
    };
    const { wanted } = planTournamentEvents({
      tournaments: [
        { id: "t_blank", title: "", status: "open", startsAt, ...details },
        { id: "t_invisible", title: " \u200b\u2066 ", status: "open", startsAt, ...details },
      ],
      durationMs: 2 * hour,
    });
    await world.showTournaments(...wanted);
    expect(await world.worker.runOnce()).toEqual(["created", "created"]);
    expect(discordEvents().map((event) => event.name)).toEqual([
      "Tournament t_blank",
      "Tournament t_invisible",
    ]);
  });

  async function turnOffWithoutEventPermissions(): Promise<void> {
    world.fake.roles.revokeFromBot(world.guild.id, ["CreateEvents", "ManageEvents"]);
    await disableTournamentEvents(store.db, { guildId: world.guild.id, now: clock.now() });
  }

  it("keeps a row a read wanted back while its event was being deleted, and makes the event again", async () => {
    await world.showTournaments(cup("t1", clock.now() + 24 * hour));
    expect(await world.worker.runOnce()).toEqual(["created"]);
    await disableTournamentEvents(store.db, { guildId: world.guild.id, now: clock.now() });
    const deletes = world.fake.holdResponses(
      "DELETE",
      new RegExp(`^/guilds/${world.guild.id}/scheduled-events/\\d+$`),
    );
    const deleting = world.worker.runOnce();
    await deletes.waitForCaught(1);
    // Events on again, and a read that shows the tournament, while the deletion is under way.
    clock.advance(1);
    await world.showTournaments(cup("t1", clock.now() + 24 * hour));
    deletes.release();

    expect(await deleting).toEqual(["kept"]);
    expect(discordEvents()).toEqual([]);
    const [kept] = await listTournamentEvents(store.db, world.guild.id);
    expect(kept).toMatchObject({ wantedStatus: "scheduled", discordEventId: null, dueAt: clock.now() });
    expect(await world.worker.runOnce()).toEqual(["created"]);
    expect(discordEvents()).toHaveLength(1);
    const [made] = await listTournamentEvents(store.db, world.guild.id);
    expect(made?.discordEventId).toBe(discordEvents()[0]?.id);
  });

  it("retries a deletion refused after events were turned off, and deletes the event once the permission is back", async () => {
    await world.showTournaments(cup("t1", clock.now() + 24 * hour));
    expect(await world.worker.runOnce()).toEqual(["created"]);

    await turnOffWithoutEventPermissions();
    expect(await world.worker.runOnce()).toEqual(["retrying"]);
    expect(discordEvents()).toHaveLength(1);
    const [waiting] = await listTournamentEvents(store.db, world.guild.id);
    expect(waiting).toMatchObject({ wantedStatus: "deleted", attempts: 1 });
    expect(waiting?.dueAt).toBeGreaterThan(clock.now());

    world.fake.roles.grantBot(world.guild.id, ["ManageEvents"]);
    clock.advance(hour);
    expect(await world.worker.runOnce()).toEqual(["deleted"]);
    expect(discordEvents()).toEqual([]);
    expect(await listTournamentEvents(store.db, world.guild.id)).toEqual([]);
  });

  it("spends no attempt of a leftover deletion on a refused bot token, nor on turning events off again", async () => {
    await world.showTournaments(cup("t1", clock.now() + 7 * 24 * hour));
    expect(await world.worker.runOnce()).toEqual(["created"]);
    await turnOffWithoutEventPermissions();
    expect(await world.worker.runOnce()).toEqual(["retrying"]);
    const attemptsNow = async () => (await listTournamentEvents(store.db, world.guild.id))[0]?.attempts;
    expect(await attemptsNow()).toBe(1);

    world.rest.setToken("not-the-bot-token");
    for (let round = 0; round < 3; round += 1) {
      const [row] = await listTournamentEvents(store.db, world.guild.id);
      clock.set(Math.max(clock.now(), row?.dueAt ?? clock.now()));
      expect(await world.worker.runOnce()).toEqual(["retrying"]);
    }
    expect(await attemptsNow()).toBe(1);
    world.rest.setToken(world.fake.botToken);

    clock.advance(hour);
    await disableTournamentEvents(store.db, { guildId: world.guild.id, now: clock.now() });
    expect(await listTournamentEvents(store.db, world.guild.id)).toMatchObject([
      { wantedStatus: "deleted", attempts: 1, dueAt: clock.now() },
    ]);
    expect(await world.worker.runOnce()).toEqual(["retrying"]);
    expect(await attemptsNow()).toBe(2);
  });

  /** Runs the worker at each time the row is due, until it is due no more; the outcomes in order. */
  async function runWhileDue(): Promise<string[]> {
    const outcomes = [];
    for (;;) {
      const [row] = await listTournamentEvents(store.db, world.guild.id);
      if (row?.dueAt === undefined || row.dueAt === null) return outcomes;
      clock.set(Math.max(clock.now(), row.dueAt));
      outcomes.push(...(await world.worker.runOnce()));
    }
  }

  it("gives up, within a day, a deletion Discord keeps refusing after events were turned off, and drops its row", async () => {
    await world.showTournaments(cup("t1", clock.now() + 7 * 24 * hour));
    expect(await world.worker.runOnce()).toEqual(["created"]);
    const offAt = clock.now();
    await turnOffWithoutEventPermissions();

    const outcomes = await runWhileDue();
    expect(outcomes).toEqual([...Array<string>(29).fill("retrying"), "given-up"]);
    expect(clock.now() - offAt).toBeLessThanOrEqual(24 * hour + hour);
    expect(await listTournamentEvents(store.db, world.guild.id)).toEqual([]);
    // The event stays for the admins to delete: the off answer said so.
    expect(discordEvents()).toHaveLength(1);
  });

  it("leaves alone a member's event that happens to have a tournament's location, and makes its own", async () => {
    const startsAt = clock.now() + 7 * 24 * hour;
    const member = world.fake.createMember(world.guild.id, { username: "host" }).id;
    const theirs = world.fake.scheduledEvents.createByMember(world.guild.id, member, {
      name: "Watch party",
      scheduledStartTime: new Date(startsAt).toISOString(),
      scheduledEndTime: new Date(startsAt + hour).toISOString(),
      location: cup("t1", startsAt).location,
    });
    await world.showTournaments(cup("t1", startsAt));
    expect(await world.worker.runOnce()).toEqual(["created"]);
    expect(discordEvents().map((event) => event.name)).toEqual(["Watch party", "Cup t1"]);
    const [row] = await listTournamentEvents(store.db, world.guild.id);
    expect(row?.discordEventId).not.toBe(theirs.id);
  });

  it("takes over the event a given-up deletion left once events are on again, rather than make a second", async () => {
    const startsAt = clock.now() + 7 * 24 * hour;
    await world.showTournaments(cup("t1", startsAt));
    expect(await world.worker.runOnce()).toEqual(["created"]);
    const [left] = discordEvents();
    await turnOffWithoutEventPermissions();
    expect((await runWhileDue()).at(-1)).toBe("given-up");

    world.fake.roles.grantBot(world.guild.id, ["CreateEvents", "ManageEvents"]);
    await world.showTournaments({ ...cup("t1", startsAt), name: "Cup t1 (moved)" });
    expect(await world.worker.runOnce()).toEqual(["synced"]);
    expect(discordEvents()).toMatchObject([{ id: left?.id, name: "Cup t1 (moved)" }]);
    expect(await listTournamentEvents(store.db, world.guild.id)).toMatchObject([
      { tournamentId: "t1", discordEventId: left?.id },
    ]);
  });
});

describe("the tournament event worker under a Discord rate limit longer than the bot sits out", () => {
  const [database] = testDatabases();
  if (database === undefined) throw new Error("no test database");
  const store = useMigratedStore(database);
  const clock = new ManualClock(Date.UTC(2026, 11, 1, 12));
  // One change of an event a window of ten minutes.
  const world = useEventWorkerWorld(store, clock, {
    routeLimits: { "PATCH /guilds/:guildId/scheduled-events/:eventId": { limit: 1, windowMs: 10 * 60_000 } },
  });

  it("spends no attempt on it, and tries the change again when the limit ends", async () => {
    const clients = openBotRestClients(
      { api: world.fake.apiUrl, globalRequestsPerSecond: 50, timeout: undefined },
      world.fake.botToken,
    );
    try {
      const { rest, restForCreates } = clients;
      const worker = createEventWorker({ db: store.db, fake: world.fake, rest, restForCreates, clock });
      const startsAt = clock.now() + 24 * hour;
      await world.showTournaments(cup("t1", startsAt));
      expect(await worker.runOnce()).toEqual(["created"]);
      clock.advance(1);
      await world.showTournaments({ ...cup("t1", startsAt), name: "Cup t1 (renamed)" });
      expect(await worker.runOnce()).toEqual(["synced"]);
      clock.advance(1);
      await world.showTournaments({ ...cup("t1", startsAt), name: "Cup t1 (renamed again)" });

      expect(await worker.runOnce()).toEqual(["retrying"]);

      const [row] = await listTournamentEvents(store.db, world.guild.id);
      expect(row).toMatchObject({ attempts: 0 });
      // About the window's rest: far past what the bot's client sits out.
      expect((row?.dueAt ?? 0) - clock.now()).toBeGreaterThan(5 * 60_000);
      expect(world.fake.scheduledEvents.list(world.guild.id).map((event) => event.name)).toEqual([
        "Cup t1 (renamed)",
      ]);
    } finally {
      clients.close();
    }
  });
});
