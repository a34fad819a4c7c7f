// docs/architecture.md, "Tournament events", end to end on one clock (the sandbox's drives the fake Discord and
// the bot): a tournament that runs past the end its event was given keeps a live event, its end moved on by a
// bounded step while the platform lists the tournament active, and no further at every read; once the
// platform completes the tournament, the bot completes its event before that end.
import { GuildScheduledEventStatus } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeScheduledEvent } from "../../fake-discord/index.js";
import type { EndToEnd } from "./harness.js";
import { countReadLines } from "./support/read-log.js";
import { moveTo } from "./support/reminder-world.js";
import { isEventOf, startTournamentEventsWorld } from "./support/tournament-events-world.js";
import { waitUntil } from "./support/wait-until.js";

const minute = 60_000;
const hour = 60 * minute;

describe("a tournament running past its event's end, end to end", () => {
  let world: EndToEnd;
  const eventOf = isEventOf;
  const endOf = (event: FakeScheduledEvent) => Date.parse(event.scheduledEndTime ?? "");

  beforeAll(async () => {
    world = await startTournamentEventsWorld();
  }, 60_000);
  afterAll(async () => {
    await world.close();
  });

  it("keeps the event live with a later end while the tournament runs, and completes it when the tournament does", async () => {
    const startsAt = world.sandbox.clock.now() + 30 * minute;
    const { id } = world.sandbox.control.createTournament({
      title: "Marathon Cup",
      startTime: startsAt,
      durationMinutes: 4 * 60,
      format: "elimination",
      difficulty: "hard",
      maxParticipants: 16,
      prize: "$500",
    });
    const made = await world.discord.scheduledEvents.waitForEvent(world.guildId, eventOf(id), 15_000);
    expect(endOf(made)).toBe(startsAt + 2 * hour);

    await moveTo(world, startsAt);
    await world.discord.scheduledEvents.waitForEvent(
      world.guildId,
      (event) => eventOf(id)(event) && event.status === GuildScheduledEventStatus.Active,
      15_000,
    );

    // Five minutes before the end the bot gave it, the platform still lists the tournament active.
    const nearEnd = startsAt + 2 * hour - 5 * minute;
    await moveTo(world, nearEnd);
    const extended = await world.discord.scheduledEvents.waitForEvent(
      world.guildId,
      (event) => eventOf(id)(event) && endOf(event) > startsAt + 2 * hour,
      15_000,
    );
    expect(extended.status).toBe(GuildScheduledEventStatus.Active);
    expect(endOf(extended)).toBeGreaterThanOrEqual(nearEnd + 30 * minute);

    // Past the first end Discord has not completed it, and reads that find it not near its end leave it.
    await moveTo(world, startsAt + 2 * hour + 5 * minute);
    const reads = countReadLines(world, "tournament events").reads;
    await waitUntil(() => countReadLines(world, "tournament events").reads >= reads + 2, {
      timeoutMs: 15_000,
      what: "two more reads of the tournaments",
    });
    const [live] = world.discord.scheduledEvents.list(world.guildId).filter(eventOf(id));
    expect(live?.status).toBe(GuildScheduledEventStatus.Active);
    expect(live?.scheduledEndTime).toBe(extended.scheduledEndTime);

    // The platform completes the tournament: the bot completes the event, ahead of the end it has.
    const completedAt = world.sandbox.clock.now();
    world.sandbox.control.completeTournament(id);
    const completed = await world.discord.scheduledEvents.waitForEvent(
      world.guildId,
      (event) => eventOf(id)(event) && event.status === GuildScheduledEventStatus.Completed,
      15_000,
    );
    expect(endOf(completed)).toBeGreaterThan(completedAt);
    expect(world.discord.scheduledEvents.list(world.guildId).filter(eventOf(id))).toHaveLength(1);
  }, 90_000);
});
