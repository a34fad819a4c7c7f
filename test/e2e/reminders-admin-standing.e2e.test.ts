// docs/architecture.md, "Tournament reminders", end to end: reminders read the open tournaments with the
// configuring admin's credential only while Discord shows that admin a member with Manage Server. Their role
// taken away in the fake Discord, reads stop, the admins are told once to run /setup again, and a tournament
// announced meanwhile gets no reminder; the role given back, reads resume; the admin gone from the server,
// reads stop again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findReminderSettings } from "../../src/store/reminder-settings.js";
import { listScheduledReminders } from "../../src/store/tournament-reminders.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";
import { setUpAdminStanding, type AdminStanding } from "./support/admin-standing.js";
import { memberCommands } from "./support/member-commands.js";
import { countReadLines, waitForHeldReads } from "./support/read-log.js";
import { createTournament, waitForScheduled } from "./support/reminder-world.js";

const minute = 60_000;
const onHold = "Tournament reminders are on hold";

describe("tournament reminders and the configuring admin's standing, end to end", () => {
  let world: EndToEnd;
  let reminderChannel: string;
  let standing: AdminStanding;

  const run = memberCommands(() => world);

  const pollLines = () => countReadLines(world, "reminders");
  const waitForHeldPolls = (count: number) => waitForHeldReads(world, "reminders", count);

  beforeAll(async () => {
    world = await startEndToEnd({ env: { TOURNAMENT_POLL_SECONDS: "1" } });
    const keys = world.sandbox.keys.filter((key) => key.level !== "read");
    await linkMember(world, world.members.admin.id, keys[0]?.key ?? "");
    reminderChannel = world.discord.createChannel(world.guildId, { name: "contests" }).id;
    standing = await setUpAdminStanding(world, onHold);
    const set = await run(world.members.admin.id, "setup", {
      subcommandGroup: "reminders",
      subcommand: "set",
      options: { channel: reminderChannel, before: "10m" },
    });
    expect(set.content).toContain("Tournament reminders are on");
  }, 60_000);
  afterAll(async () => {
    await world.close();
  });

  it("stops reading with the admin's account once they lose Manage Server, tells the admins once, and resumes when they have it again", async () => {
    const first = createTournament(world, { title: "Before", secondsAhead: 60 * 60 });
    await waitForScheduled(world, world.bot.deps.db, first.id, [first.startsAt - 10 * minute]);

    const notice = await standing.loseManageServer();
    expect(notice.content).toContain(
      `<@${world.members.admin.id}>, who set them up, no longer has the Manage Server permission`,
    );
    expect(notice.content).toContain("An admin needs to run `/setup reminders set` again");
    expect((await findReminderSettings(world.bot.deps.db, world.guildId))?.linkProblem).toBe(
      "admin_lacks_manage_server",
    );

    // Announced while on hold: no read sees it, however many polls pass.
    const during = createTournament(world, { title: "During", secondsAhead: 60 * 60 });
    await waitForHeldPolls(2);
    const { reads } = pollLines();
    await waitForHeldPolls(3);
    expect(pollLines().reads).toBe(reads);
    const scheduled = await listScheduledReminders(world.bot.deps.db, world.guildId);
    expect(scheduled.map((reminder) => reminder.tournament.id)).not.toContain(during.id);
    expect(standing.notices()).toHaveLength(1);

    standing.giveManageServerBack();

    await waitForScheduled(world, world.bot.deps.db, during.id, [during.startsAt - 10 * minute]);
    // The poll that schedules it clears the hold too, in a write of its own that may land a moment later.
    await expect
      .poll(async () => (await findReminderSettings(world.bot.deps.db, world.guildId))?.linkProblem, {
        timeout: 20_000,
      })
      .toBeNull();
  }, 90_000);

  it("stops reading with the admin's account once they left the server, and tells the admins", async () => {
    world.discord.removeMember(world.guildId, world.members.admin.id);

    const notice = await world.discord.waitForMessage(
      standing.adminChannel,
      (message) => message.content.includes("is no longer a member of this server"),
      20_000,
    );
    expect(notice.content).toContain(`${onHold}: <@${world.members.admin.id}>, who set them up,`);
    expect((await findReminderSettings(world.bot.deps.db, world.guildId))?.linkProblem).toBe("admin_left");
    const later = createTournament(world, { title: "After", secondsAhead: 60 * 60 });
    await waitForHeldPolls(3);
    const scheduled = await listScheduledReminders(world.bot.deps.db, world.guildId);
    expect(scheduled.map((reminder) => reminder.tournament.id)).not.toContain(later.id);
  }, 60_000);
});
