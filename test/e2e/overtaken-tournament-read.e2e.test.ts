// A read of a server's open tournaments overtaken by a later one (docs/architecture.md, "Tournament
// reminders"): two instances, a platform slower than the poll interval, and the later read already wrote.
// The older read then writes neither reminders nor the Events tab's events, each of which it would set back
// to what it saw. Here the server's last written read is set far ahead, so every read of this bot is older:
// it is told in the log and changes nothing, until that is cleared and the next read makes the event. The same
// for a server with events and no reminders, whose reads are named on the events' settings.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EndToEnd } from "./harness.js";
import { createTournament } from "./support/reminder-world.js";
import { adminCommands } from "./support/member-commands.js";
import { isEventOf, startTournamentEventsWorld } from "./support/tournament-events-world.js";
import { waitUntil } from "./support/wait-until.js";

const overtakenLine = "a later read of the open tournaments was written first";

describe("a read of the open tournaments that a later read overtook", () => {
  let world: EndToEnd;

  beforeAll(async () => {
    world = await startTournamentEventsWorld();
    const contests = world.discord.createChannel(world.guildId, { name: "contests" }).id;
    const set = await adminCommands(() => world)("setup", {
      subcommandGroup: "reminders",
      subcommand: "set",
      options: { channel: contests, before: "10m" },
    });
    expect(set.content).toContain("Tournament reminders are on");
  }, 60_000);
  afterAll(async () => {
    await world.close();
  });

  it("writes neither reminders nor events, and the next read does once no later one wrote", async () => {
    const { db } = world.bot.deps;
    await db
      .updateTable("reminder_settings")
      .set({ synced_read: 2_147_483_647 })
      .where("guild_id", "=", world.guildId)
      .execute();
    const logged = () => world.logs().split(overtakenLine).length - 1;
    const before = logged();
    const { id } = createTournament(world, { title: "Overtaken Cup", secondsAhead: 3 * 60 * 60 });
    // Two reads after the tournament was made, each overtaken.
    await waitUntil(() => logged() >= before + 2, { timeoutMs: 15_000, what: "two overtaken reads" });
    expect(world.discord.scheduledEvents.list(world.guildId).filter(isEventOf(id))).toEqual([]);
    const reminders = await db.selectFrom("tournament_reminders").select("tournament_id").execute();
    expect(reminders.filter((row) => row.tournament_id === id)).toEqual([]);

    await db
      .updateTable("reminder_settings")
      .set({ synced_read: null })
      .where("guild_id", "=", world.guildId)
      .execute();
    await world.discord.scheduledEvents.waitForEvent(world.guildId, isEventOf(id), 15_000);
  }, 60_000);
});

// A server with events and no reminders is read on a claim of its own, named on the events' settings.
describe("an events' own read of the open tournaments that a later read overtook", () => {
  let world: EndToEnd;

  beforeAll(async () => {
    world = await startTournamentEventsWorld();
  }, 60_000);
  afterAll(async () => {
    await world.close();
  });

  it("makes no event, and the next read does once no later one wrote", async () => {
    const { db } = world.bot.deps;
    const lastWrittenRead = (synced: number | null) =>
      db
        .updateTable("tournament_event_settings")
        .set({ synced_read: synced })
        .where("guild_id", "=", world.guildId)
        .execute();
    await lastWrittenRead(2_147_483_647);
    const logged = () => world.logs().split(overtakenLine).length - 1;
    const before = logged();
    const { id } = createTournament(world, { title: "Overtaken Solo Cup", secondsAhead: 3 * 60 * 60 });
    await waitUntil(() => logged() >= before + 2, { timeoutMs: 15_000, what: "two overtaken reads" });
    expect(world.discord.scheduledEvents.list(world.guildId).filter(isEventOf(id))).toEqual([]);

    await lastWrittenRead(null);
    await world.discord.scheduledEvents.waitForEvent(world.guildId, isEventOf(id), 15_000);
  }, 60_000);
});
