// docs/architecture.md, "Tournament events": the read of the active tournaments serves only the ends of started
// tournaments' events. When it fails (here the platform's answer never comes in time), the rest of the read
// still goes on (reminders scheduled, the open tournaments' events kept in line), and the live event keeps the
// end it has.
import { GuildScheduledEventStatus } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EndToEnd } from "./harness.js";
import { countReadLines } from "./support/read-log.js";
import { moveTo } from "./support/reminder-world.js";
import { isEventOf, startTournamentEventsWorld } from "./support/tournament-events-world.js";
import { waitUntil } from "./support/wait-until.js";

const minute = 60_000;

describe("a failed read of the active tournaments, end to end", () => {
  let world: EndToEnd;
  const eventOf = isEventOf;

  beforeAll(async () => {
    world = await startTournamentEventsWorld({ platformTimeoutMs: 1000 });
  }, 60_000);
  afterAll(async () => {
    await world.close();
  });

  it("finishes the read, leaving the live event's end as it was, while the active ones cannot be read", async () => {
    const startsAt = world.sandbox.clock.now() + 30 * minute;
    const tournament = (title: string, startTime: number) =>
      world.sandbox.control.createTournament({
        title,
        startTime,
        durationMinutes: 4 * 60,
        format: "elimination",
        difficulty: "hard",
        maxParticipants: 16,
        prize: "$500",
      });
    const { id } = tournament("Marathon Cup", startsAt);
    await world.discord.scheduledEvents.waitForEvent(world.guildId, eventOf(id), 15_000);
    await moveTo(world, startsAt);
    const live = await world.discord.scheduledEvents.waitForEvent(
      world.guildId,
      (event) => eventOf(id)(event) && event.status === GuildScheduledEventStatus.Active,
      15_000,
    );

    const hold = world.sandbox.holdAnswers("GET", /\/tournaments$/, /(^|&)status=active(&|$)/);
    try {
      // A read has asked for the active tournaments and waits: its answer will not come within the timeout.
      await hold.waitForCaught(1);
      const reads = countReadLines(world, "tournament events").reads;
      await waitUntil(() => countReadLines(world, "tournament events").reads > reads, {
        timeoutMs: 20_000,
        what: "the read that met the hold to finish all the same",
      });
      expect(world.logs()).toContain("could not read the active tournaments");
    } finally {
      hold.release();
    }
    const [still] = world.discord.scheduledEvents.list(world.guildId).filter(eventOf(id));
    expect(still?.status).toBe(GuildScheduledEventStatus.Active);
    expect(still?.scheduledEndTime).toBe(live.scheduledEndTime);
  }, 90_000);
});
