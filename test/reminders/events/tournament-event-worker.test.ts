// docs/architecture.md, "Tournament events": the event worker against the fake Discord's scheduled events, with
// a migrated database and a manual clock driving both. A server that removed the bot keeps its events' rows
// waiting, unsent ("When the bot leaves a server"), and they go on once the bot is back. A deletion left after
// `/setup events off` that Discord refuses is retried until the permission is back, and given up in the end.
import { REST } from "@discordjs/rest";
import { GuildScheduledEventStatus } from "discord.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord, type FakeGuild } from "../../../fake-discord/index.js";
import { ManualClock } from "../../../src/clock.js";
import { createLogger } from "../../../src/logger.js";
import {
  createTournamentEventWorker,
  type TournamentEventWorker,
} from "../../../src/reminders/events/tournament-event-worker.js";
import { planTournamentEvents } from "../../../src/reminders/events/plan-tournament-events.js";
import { clearGuildRemoval, recordGuildRemoval } from "../../../src/store/guild-removals.js";
import {
  disableTournamentEvents,
  enableTournamentEvents,
} from "../../../src/store/tournament-event-settings.js";
import {
  markTournamentEventsStarted,
  syncTournamentEventRows,
} from "../../../src/store/tournament-event-row-sync.js";
import { listTournamentEvents, type WantedTournamentEvent } from "../../../src/store/tournament-events.js";
import { testDatabases, useMigratedStore } from "../../store/databases.js";

const hour = 3_600_000;
const adminId = "200000000000000009";

describe.each(testDatabases())("the tournament event worker on $name", (database) => {
  const store = useMigratedStore(database);
  const clock = new ManualClock(Date.UTC(2026, 11, 1, 12));
  let fake: FakeDiscord;
  let guild: FakeGuild;
  let rest: REST;
  let worker: TournamentEventWorker;

  beforeEach(async () => {
    fake = await createFakeDiscord({ clock });
    guild = fake.createGuild({ name: "Arena" });
    fake.roles.grantBot(guild.id, ["CreateEvents"]);
    rest = new REST({ api: fake.apiUrl }).setToken(fake.botToken);
    worker = createTournamentEventWorker({
      db: store.db,
      rest,
      applicationId: fake.applicationId,
      clock,
      logger: createLogger({ level: "silent" }),
      config: {
        reminders: { pollMs: 300_000, eventDurationMs: 2 * hour },
        outbox: { leaseMs: 30_000, pollIntervalMs: 1000 },
      },
      owner: "worker-1",
      random: () => 0.5,
    });
  });
  afterEach(async () => {
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
    await fake.close();
  });

  const cup = (id: string, startsAt: number): WantedTournamentEvent => ({
    tournamentId: id,
    name: `Cup ${id}`,
    description: "Format: elimination",
    location: `Register in Discord: /tournament register id:${id}`,
    startsAt,
    endsAt: startsAt + 2 * hour,
  });

  /** Events on, and one read that shows these tournaments. */
  async function showTournaments(...events: WantedTournamentEvent[]): Promise<void> {
    await enableTournamentEvents(store.db, { guildId: guild.id, enabledBy: adminId, now: clock.now() });
    await syncTournamentEventRows(store.db, {
      guildId: guild.id,
      wanted: events,
      openIds: new Set(events.map((event) => event.tournamentId)),
      complete: true,
      now: clock.now(),
      limit: 100,
    });
  }

  const discordEvents = () => fake.scheduledEvents.list(guild.id);

  it("leaves a removed server's started tournament waiting, and makes its event active once the bot is back", async () => {
    const startsAt = clock.now() + hour;
    await showTournaments(cup("t1", startsAt));
    expect(await worker.runOnce()).toEqual(["created"]);

    fake.removeBotFromGuild(guild.id);
    await recordGuildRemoval(store.db, { guildId: guild.id, now: clock.now() });
    // The operator's system.tournament_started reaches every server's row, this one's too.
    clock.advance(hour);
    await markTournamentEventsStarted(store.db, { tournamentId: "t1", guildId: undefined, now: clock.now() });
    expect(await worker.runOnce()).toEqual([]);
    clock.advance(60_000);
    expect(await worker.runOnce()).toEqual([]);

    fake.addBotBackToGuild(guild.id);
    await clearGuildRemoval(store.db, guild.id);
    expect(await worker.runOnce()).toEqual(["synced"]);
    expect(discordEvents().map((event) => event.status)).toEqual([GuildScheduledEventStatus.Active]);
    expect(await listTournamentEvents(store.db, guild.id)).toMatchObject([
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
    await showTournaments(...wanted);
    expect(await worker.runOnce()).toEqual(["created", "created"]);
    expect(discordEvents().map((event) => event.name)).toEqual([
      "Tournament t_blank",
      "Tournament t_invisible",
    ]);
  });

  async function turnOffWithoutEventPermissions(): Promise<void> {
    fake.roles.revokeFromBot(guild.id, ["CreateEvents", "ManageEvents"]);
    await disableTournamentEvents(store.db, { guildId: guild.id, now: clock.now() });
  }

  it("retries a deletion refused after events were turned off, and deletes the event once the permission is back", async () => {
    await showTournaments(cup("t1", clock.now() + 24 * hour));
    expect(await worker.runOnce()).toEqual(["created"]);

    await turnOffWithoutEventPermissions();
    expect(await worker.runOnce()).toEqual(["retrying"]);
    expect(discordEvents()).toHaveLength(1);
    const [waiting] = await listTournamentEvents(store.db, guild.id);
    expect(waiting).toMatchObject({ wantedStatus: "deleted", attempts: 1 });
    expect(waiting?.dueAt).toBeGreaterThan(clock.now());

    fake.roles.grantBot(guild.id, ["ManageEvents"]);
    clock.advance(hour);
    expect(await worker.runOnce()).toEqual(["deleted"]);
    expect(discordEvents()).toEqual([]);
    expect(await listTournamentEvents(store.db, guild.id)).toEqual([]);
  });

  it("spends no attempt of a leftover deletion on a refused bot token, nor on turning events off again", async () => {
    await showTournaments(cup("t1", clock.now() + 7 * 24 * hour));
    expect(await worker.runOnce()).toEqual(["created"]);
    await turnOffWithoutEventPermissions();
    expect(await worker.runOnce()).toEqual(["retrying"]);
    const attemptsNow = async () => (await listTournamentEvents(store.db, guild.id))[0]?.attempts;
    expect(await attemptsNow()).toBe(1);

    rest.setToken("not-the-bot-token");
    for (let round = 0; round < 3; round += 1) {
      const [row] = await listTournamentEvents(store.db, guild.id);
      clock.set(Math.max(clock.now(), row?.dueAt ?? clock.now()));
      expect(await worker.runOnce()).toEqual(["retrying"]);
    }
    expect(await attemptsNow()).toBe(1);
    rest.setToken(fake.botToken);

    clock.advance(hour);
    await disableTournamentEvents(store.db, { guildId: guild.id, now: clock.now() });
    expect(await listTournamentEvents(store.db, guild.id)).toMatchObject([
      { wantedStatus: "deleted", attempts: 1, dueAt: clock.now() },
    ]);
    expect(await worker.runOnce()).toEqual(["retrying"]);
    expect(await attemptsNow()).toBe(2);
  });

  /** Runs the worker at each time the row is due, until it is due no more; the outcomes in order. */
  async function runWhileDue(): Promise<string[]> {
    const outcomes = [];
    for (;;) {
      const [row] = await listTournamentEvents(store.db, guild.id);
      if (row?.dueAt === undefined || row.dueAt === null) return outcomes;
      clock.set(Math.max(clock.now(), row.dueAt));
      outcomes.push(...(await worker.runOnce()));
    }
  }

  it("gives up, within a day, a deletion Discord keeps refusing after events were turned off, and drops its row", async () => {
    await showTournaments(cup("t1", clock.now() + 7 * 24 * hour));
    expect(await worker.runOnce()).toEqual(["created"]);
    const offAt = clock.now();
    await turnOffWithoutEventPermissions();

    const outcomes = await runWhileDue();
    expect(outcomes).toEqual([...Array<string>(29).fill("retrying"), "given-up"]);
    expect(clock.now() - offAt).toBeLessThanOrEqual(24 * hour + hour);
    expect(await listTournamentEvents(store.db, guild.id)).toEqual([]);
    // The event stays for the admins to delete: the off answer said so.
    expect(discordEvents()).toHaveLength(1);
  });

  it("leaves alone a member's event that happens to have a tournament's location, and makes its own", async () => {
    const startsAt = clock.now() + 7 * 24 * hour;
    const member = fake.createMember(guild.id, { username: "host" }).id;
    const theirs = fake.scheduledEvents.createByMember(guild.id, member, {
      name: "Watch party",
      scheduledStartTime: new Date(startsAt).toISOString(),
      scheduledEndTime: new Date(startsAt + hour).toISOString(),
      location: cup("t1", startsAt).location,
    });
    await showTournaments(cup("t1", startsAt));
    expect(await worker.runOnce()).toEqual(["created"]);
    expect(discordEvents().map((event) => event.name)).toEqual(["Watch party", "Cup t1"]);
    const [row] = await listTournamentEvents(store.db, guild.id);
    expect(row?.discordEventId).not.toBe(theirs.id);
  });

  it("takes over the event a given-up deletion left once events are on again, rather than make a second", async () => {
    const startsAt = clock.now() + 7 * 24 * hour;
    await showTournaments(cup("t1", startsAt));
    expect(await worker.runOnce()).toEqual(["created"]);
    const [left] = discordEvents();
    await turnOffWithoutEventPermissions();
    expect((await runWhileDue()).at(-1)).toBe("given-up");

    fake.roles.grantBot(guild.id, ["CreateEvents", "ManageEvents"]);
    await showTournaments({ ...cup("t1", startsAt), name: "Cup t1 (moved)" });
    expect(await worker.runOnce()).toEqual(["synced"]);
    expect(discordEvents()).toMatchObject([{ id: left?.id, name: "Cup t1 (moved)" }]);
    expect(await listTournamentEvents(store.db, guild.id)).toMatchObject([
      { tournamentId: "t1", discordEventId: left?.id },
    ]);
  });
});
