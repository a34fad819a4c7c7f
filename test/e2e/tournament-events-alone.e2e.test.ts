// docs/architecture.md, "Tournament events", end to end, in a server with no reminders: `/setup events on`
// needs the admin linked, and their linked account then reads the open tournaments for the events alone, every
// interval. The admin's role taken away in the fake Discord, reads stop, the admins are told once that the
// events are on hold and what to run, and a tournament announced meanwhile gets no event; the role given back,
// reads resume and it gets one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeScheduledEvent } from "../../fake-discord/index.js";
import { findReminderSettings } from "../../src/store/reminder-settings.js";
import { findTournamentEventSettings } from "../../src/store/tournament-event-settings.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";
import { setUpAdminStanding, type AdminStanding } from "./support/admin-standing.js";
import { adminCommands } from "./support/member-commands.js";
import { countReadLines, waitForHeldReads } from "./support/read-log.js";
import { createTournament } from "./support/reminder-world.js";

const onHold = "Tournament events are on hold";

describe("tournament events without reminders, read with the enabling admin's link, end to end", () => {
  let world: EndToEnd;
  let standing: AdminStanding;

  const run = adminCommands(() => world);
  const eventOf = (id: string) => (event: FakeScheduledEvent) =>
    event.location?.includes(`id:${id}`) === true;
  const eventsOf = (id: string) => world.discord.scheduledEvents.list(world.guildId).filter(eventOf(id));
  const settings = () => findTournamentEventSettings(world.bot.deps.db, world.guildId);

  beforeAll(async () => {
    world = await startEndToEnd({ env: { TOURNAMENT_POLL_SECONDS: "1" } });
    world.discord.roles.grantBot(world.guildId, ["CreateEvents"]);
    standing = await setUpAdminStanding(world, onHold);
  }, 60_000);
  afterAll(async () => {
    await world.close();
  });

  it("refuses an admin who is not linked with the link prompt, and turns nothing on", async () => {
    const refused = await run("setup", { subcommandGroup: "events", subcommand: "on" });
    expect(refused.content).toContain("You haven't linked a platform account in this server yet");
    expect(JSON.stringify(refused.components)).toContain("link:start");
    expect(await settings()).toBeUndefined();
  });

  it("shows the open tournaments as events with reminders off, read with the enabling admin's linked account", async () => {
    const key = world.sandbox.keys.find((candidate) => candidate.level !== "read");
    await linkMember(world, world.members.admin.id, key?.key ?? "");
    const on = await run("setup", { subcommandGroup: "events", subcommand: "on" });
    expect(on.content).toContain("Tournament events are on");
    expect(on.content).toContain(
      `I read the open tournaments every 1s with your linked account (**${key?.username ?? ""}**)`,
    );
    expect(on.content).not.toContain("/setup reminders set");

    const { id } = createTournament(world, { title: "Solo Cup", secondsAhead: 3 * 60 * 60 });
    const made = await world.discord.scheduledEvents.waitForEvent(world.guildId, eventOf(id), 15_000);
    expect(made.name).toBe("Solo Cup");
    expect(await findReminderSettings(world.bot.deps.db, world.guildId)).toBeUndefined();
    expect(await settings()).toMatchObject({ lastPolledAt: expect.any(Number) });
    const status = await run("setup", { subcommand: "status" });
    expect(JSON.stringify(status.embeds)).toContain(`Read with <@${world.members.admin.id}>'s account`);
  }, 60_000);

  it("holds the reads once the enabling admin loses Manage Server, tells the admins once, and resumes when they have it again", async () => {
    const notice = await standing.loseManageServer();
    expect(notice.content).toContain(
      `<@${world.members.admin.id}>, who turned them on, no longer has the Manage Server permission`,
    );
    expect(notice.content).toContain("An admin needs to run `/setup events on` again");
    expect(notice.content).not.toContain("reminders");
    expect((await settings())?.linkProblem).toBe("admin_lacks_manage_server");

    // Announced while on hold: no read sees it, however many reads pass.
    const during = createTournament(world, { title: "During Cup", secondsAhead: 3 * 60 * 60 });
    await waitForHeldReads(world, "tournament events", 2);
    const { reads } = countReadLines(world, "tournament events");
    await waitForHeldReads(world, "tournament events", 3);
    expect(countReadLines(world, "tournament events").reads).toBe(reads);
    expect(eventsOf(during.id)).toEqual([]);
    expect(standing.notices()).toHaveLength(1);

    standing.giveManageServerBack();

    await world.discord.scheduledEvents.waitForEvent(world.guildId, eventOf(during.id), 20_000);
    await expect.poll(async () => (await settings())?.linkProblem, { timeout: 20_000 }).toBeNull();
    expect(standing.notices()).toHaveLength(1);
  }, 90_000);
});
