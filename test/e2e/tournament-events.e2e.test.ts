// docs/architecture.md, "Tournament events", end to end: the real bot against the fake Discord and the
// sandbox, the bot's clock following the sandbox's. Without Create Events the admins are told once which
// permission to grant; with it, every open tournament is one external event with a location and an end,
// moved when its start moves, active when the tournament starts, completed after its end, and its reminder
// names how many are interested; a create whose
// answer was lost is found again after a restart, never made twice.
import { GuildScheduledEventStatus } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeScheduledEvent } from "../../fake-discord/index.js";
import type { RunningBot } from "../../src/bot/build-bot.js";
import { findTournamentEventSettings } from "../../src/store/tournament-event-settings.js";
import { listTournamentEvents } from "../../src/store/tournament-events.js";
import { adminCommands } from "./support/member-commands.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";
import { operatorSecret } from "./support/operator-webhook.js";
import { countReadLines } from "./support/read-log.js";
import {
  createSandboxFollowingClock,
  createTournament,
  moveTo,
  waitForReminderPosts,
} from "./support/reminder-world.js";
import { waitUntil } from "./support/wait-until.js";

const minute = 60_000;
const hour = 60 * minute;

describe("tournaments as scheduled events, end to end", () => {
  const following = createSandboxFollowingClock();
  let world: EndToEnd;
  let bot: RunningBot;
  let adminChannel: string;
  let contests: string;

  const run = adminCommands(() => world);
  const eventOf = (id: string) => (event: FakeScheduledEvent) =>
    event.location?.includes(`id:${id}`) === true;
  const eventsOf = (id: string) => world.discord.scheduledEvents.list(world.guildId).filter(eventOf(id));
  const iso = (at: number) => new Date(at).toISOString();

  beforeAll(async () => {
    world = await startEndToEnd({
      env: { TOURNAMENT_POLL_SECONDS: "1", PLATFORM_WEBHOOK_SECRET: operatorSecret },
      startOptions: { clock: following.clock },
    });
    following.follow(world);
    bot = world.bot;
    const key = world.sandbox.keys.find((candidate) => candidate.level !== "read")?.key ?? "";
    await linkMember(world, world.members.admin.id, key);
    // The operator's webhook brings system.tournament_started.
    const registered = await fetch(`${world.sandbox.url}/api/v1/webhooks`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({
        url: `${world.publicUrl}/webhooks/platform`,
        events: ["system.tournament_started"],
        secret: operatorSecret,
      }),
    });
    expect(registered.status).toBeLessThan(300);
    adminChannel = world.discord.createChannel(world.guildId, { name: "admins" }).id;
    contests = world.discord.createChannel(world.guildId, { name: "contests" }).id;
    await run("setup", { subcommand: "admin-channel", options: { channel: adminChannel } });
    await run("setup", {
      subcommandGroup: "reminders",
      subcommand: "set",
      options: { channel: contests, before: "10m" },
    });
  }, 60_000);
  afterAll(async () => {
    await world.close();
  });

  it("without Create Events, pauses and tells the admins once which permission to grant", async () => {
    const on = await run("setup", { subcommandGroup: "events", subcommand: "on" });
    expect(on.content).toContain("Tournament events are on");
    // Said at once: with no admin channel the pause's notice would reach no one.
    expect(on.content).toContain(
      "⚠️ I lack the **Create Events** permission, so no event can be made yet: grant it to my role",
    );
    expect(on.content).toContain(
      `Reminders' read of the open tournaments every 1s, with <@${world.members.admin.id}>'s linked account, brings them`,
    );
    createTournament(world, { title: "Locked Cup", secondsAhead: 3 * 60 * 60 });
    const notice = await world.discord.waitForMessage(adminChannel, (message) =>
      message.content.startsWith("Tournament events are paused"),
    );
    expect(notice.content).toContain("I lack the **Create Events** permission");
    await waitUntil(
      async () =>
        (await findTournamentEventSettings(bot.deps.db, world.guildId))?.permissionProblem ===
        "Create Events",
      { timeoutMs: 5000, what: "the permission problem to be recorded" },
    );
    // Reads go on every second: another tournament neither creates an event nor tells the admins again.
    createTournament(world, { title: "Another Cup", secondsAhead: 4 * 60 * 60 });
    await bot.reminders.runOnce();
    expect(await bot.tournamentEvents.runOnce()).toEqual([]);
    const notices = world.discord
      .messages(adminChannel)
      .filter((message) => message.content.startsWith("Tournament events are paused"));
    expect(notices).toHaveLength(1);
    expect(world.discord.scheduledEvents.list(world.guildId)).toEqual([]);
    const status = await run("setup", { subcommand: "status" });
    expect(JSON.stringify(status.embeds)).toContain("I lack the **Create Events** permission");
  });

  it("shows every open tournament as one external event, moved, made active and completed with it, its reminder naming the interested", async () => {
    world.discord.roles.grantBot(world.guildId, ["CreateEvents"]);
    const on = await run("setup", { subcommandGroup: "events", subcommand: "on" });
    expect(on.content).not.toContain("⚠️");
    expect(on.content).toContain("I need the **Create Events** permission");
    const { id, startsAt } = createTournament(world, { title: "Flash Cup", secondsAhead: 30 * 60 });
    const created = await world.discord.scheduledEvents.waitForEvent(world.guildId, eventOf(id), 15_000);
    expect(created).toMatchObject({
      name: "Flash Cup",
      scheduledStartTime: iso(startsAt),
      scheduledEndTime: iso(startsAt + 2 * hour),
      status: GuildScheduledEventStatus.Scheduled,
      location: `Register in Discord: /tournament register id:${id}`,
    });
    expect(created.description).toContain("Prize: $250");
    expect(created.description).toContain("Seats left: 16 of 16");
    // The tournaments of the paused time (and the sandbox's own) are shown too, each once.
    for (const name of ["Locked Cup", "Another Cup"]) {
      await world.discord.scheduledEvents.waitForEvent(world.guildId, (event) => event.name === name, 15_000);
    }
    const locations = world.discord.scheduledEvents.list(world.guildId).map((event) => event.location);
    expect(new Set(locations).size).toBe(locations.length);

    const later = startsAt + 20 * minute;
    world.sandbox.control.rescheduleTournament(id, later);
    await world.discord.scheduledEvents.waitForEvent(
      world.guildId,
      (event) => eventOf(id)(event) && event.scheduledStartTime === iso(later),
      15_000,
    );

    // The reminder 10 minutes before names how many marked the event "Interested".
    const moved = eventsOf(id)[0]!;
    world.discord.scheduledEvents.markInterested(world.guildId, moved.id, world.members.alice.id);
    world.discord.scheduledEvents.markInterested(world.guildId, moved.id, world.members.bob.id);
    await moveTo(world, later - 10 * minute);
    const [reminder] = await waitForReminderPosts(world, contests, id, 1);
    expect(reminder!.embeds[0]?.fields).toContainEqual({
      name: "Interested",
      value: "2 members",
      inline: true,
    });

    await moveTo(world, later);
    await world.discord.scheduledEvents.waitForEvent(
      world.guildId,
      (event) => eventOf(id)(event) && event.status === GuildScheduledEventStatus.Active,
      15_000,
    );
    await moveTo(world, later + 2 * hour);
    await world.discord.scheduledEvents.waitForEvent(
      world.guildId,
      (event) => eventOf(id)(event) && event.status === GuildScheduledEventStatus.Completed,
      15_000,
    );
    expect(eventsOf(id)).toHaveLength(1);
    const status = await run("setup", { subcommand: "status" });
    expect(JSON.stringify(status.embeds)).toContain("🟢 On:");
    expect(JSON.stringify(status.embeds)).toContain(
      `Read by reminders with <@${world.members.admin.id}>'s account`,
    );
    // The reminders' read fed the events: the server was never read a second time for them.
    expect(countReadLines(world, "tournament events").reads).toBe(0);
    expect((await findTournamentEventSettings(bot.deps.db, world.guildId))?.lastPolledAt).toBeNull();
  });

  it("finds an event whose create was answered but not recorded after a restart, and never makes it twice", async () => {
    const { id } = createTournament(world, { title: "Crash Cup", secondsAhead: 40 * 60 });
    const made = await world.discord.scheduledEvents.waitForEvent(world.guildId, eventOf(id), 15_000);
    // The instance died between Discord's answer and its commit: the row knows only that a create was sent.
    await bot.tournamentEvents.drain();
    await bot.deps.db
      .updateTable("tournament_events")
      .set({ discord_event_id: null, synced_status: null, synced_fields: null, due_at: 0 })
      .where("tournament_id", "=", id)
      .execute();
    await bot.stop();
    bot = await world.startAnotherBot({});
    await waitUntil(
      async () =>
        (await listTournamentEvents(bot.deps.db, world.guildId)).some(
          (event) => event.tournamentId === id && event.discordEventId === made.id && event.dueAt === null,
        ),
      { timeoutMs: 15_000, what: "the event to be found again" },
    );
    expect(eventsOf(id)).toHaveLength(1);
  });

  it("deletes the events not over yet when turned off, and keeps the completed one", async () => {
    const off = await run("setup", { subcommandGroup: "events", subcommand: "off" });
    expect(off.content).toContain("Tournament events are off");
    await waitUntil(
      () =>
        world.discord.scheduledEvents
          .list(world.guildId)
          .every((event) => event.status === GuildScheduledEventStatus.Completed),
      { timeoutMs: 15_000, what: "the scheduled events to be deleted" },
    );
    expect(world.discord.scheduledEvents.list(world.guildId).map((event) => event.name)).toEqual([
      "Flash Cup",
    ]);
  });
});
