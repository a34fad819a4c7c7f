// docs/architecture.md, "Tournament reminders", end to end: the real bot against the fake Discord and the
// sandbox, the bot's clock following the sandbox's as the test moves it. Reminders 10 and 1 minutes before a
// tournament starting 11 minutes ahead make exactly two posts at those times, each pinging the reminder role
// only, with a Register button that works; a restart between them loses and repeats neither. A start moved
// later is reminded at the new times; a tournament that starts early gets no late reminder; one that fell due
// while the bot was down is sent within a quarter of its lead time, else skipped and counted. `/remind on` and
// `off` give and take the role, and the admins are told when Discord refuses, or when the link that reads
// tournaments stops working.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningBot } from "../../src/bot/build-bot.js";
import { findReminderSettings } from "../../src/store/reminder-settings.js";
import { listScheduledReminders } from "../../src/store/tournament-reminders.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";
import { memberCommands } from "./support/member-commands.js";
import {
  createSandboxFollowingClock,
  createTournament,
  expectReminderPost,
  moveTo,
  reminderPosts,
  waitForReminderPosts,
  waitForScheduled,
} from "./support/reminder-world.js";
import { waitForHeldReads } from "./support/read-log.js";
import { waitUntil } from "./support/wait-until.js";

const minute = 60_000;

describe("tournament reminders, end to end", () => {
  const following = createSandboxFollowingClock();
  let world: EndToEnd;
  /** The instance running now: the test restarts the bot halfway. */
  let bot: RunningBot;
  let reminderChannel: string;
  let adminChannel: string;
  let roleId: string;

  const run = memberCommands(() => world);
  const memberRoleIds = (userId: string) =>
    world.discord.roles.ofMember(world.guildId, userId).map((role) => role.id);

  beforeAll(async () => {
    world = await startEndToEnd({
      env: { TOURNAMENT_POLL_SECONDS: "1" },
      startOptions: { clock: following.clock },
    });
    following.follow(world);
    bot = world.bot;
    const keys = world.sandbox.keys.filter((key) => key.level !== "read");
    await linkMember(world, world.members.admin.id, keys[0]?.key ?? "");
    await linkMember(world, world.members.alice.id, keys[1]?.key ?? "");
    reminderChannel = world.discord.createChannel(world.guildId, { name: "contests" }).id;
    adminChannel = world.discord.createChannel(world.guildId, { name: "admins" }).id;
    world.discord.roles.grantBot(world.guildId, ["ManageRoles"]);
    roleId = world.discord.roles.create(world.guildId, { name: "Contest pings", position: 1 }).id;
    await run(world.members.admin.id, "setup", {
      subcommand: "admin-channel",
      options: { channel: adminChannel },
    });
  }, 60_000);
  afterAll(async () => {
    await world.close();
  });

  it("refuses lead times it cannot read, naming the accepted form", async () => {
    const refused = await run(world.members.admin.id, "setup", {
      subcommandGroup: "reminders",
      subcommand: "set",
      options: { channel: reminderChannel, before: "1h, 10m, 5m, 1m", role: roleId },
    });
    expect(refused.content).toContain("at most 3 are allowed. `before:` takes lead times like `1h, 10m`");
    expect(await findReminderSettings(bot.deps.db, world.guildId)).toBeUndefined();
  });

  it("turns reminders on with the admin's link, and /remind on and off give and take the role", async () => {
    const setWith = (role: string) =>
      run(world.members.admin.id, "setup", {
        subcommandGroup: "reminders",
        subcommand: "set",
        options: { channel: reminderChannel, before: "10m, 1m", role },
      });
    // A role anyone may mention pings its members; this one does not allow it, and the bot may not mention
    // every role, so the admin is told how to make the ping reach anyone.
    const pingable = world.discord.roles.create(world.guildId, { name: "Open pings", mentionable: true }).id;
    expect((await setWith(pingable)).content).not.toContain("can't notify");
    const set = await setWith(roleId);
    expect(set.content).toContain(`Tournament reminders are on: in <#${reminderChannel}>, 10m and 1m before`);
    expect(set.content).toContain(`pinging <@&${roleId}>`);
    expect(set.content).toContain(
      `I can't notify <@&${roleId}> yet: the reminders will name it, but its members get no ping.`,
    );
    // Allowed to mention every role, the bot pings this one too.
    world.discord.roles.grantBot(world.guildId, ["MentionEveryone"]);
    expect((await setWith(roleId)).content).not.toContain("can't notify");
    world.discord.roles.revokeFromBot(world.guildId, ["MentionEveryone"]);

    const on = await run(world.members.alice.id, "remind", { subcommand: "on" });
    expect(on.content).toContain(`You have <@&${roleId}> now`);
    // The role still cannot be pinged: the member is not promised a ping that would never come.
    expect(on.content).toContain("Discord won't let me ping it yet");
    expect(on.content).not.toContain("you'll be pinged");
    expect(memberRoleIds(world.members.alice.id)).toContain(roleId);
    const off = await run(world.members.alice.id, "remind", { subcommand: "off" });
    expect(off.content).toContain("no more reminder pings");
    expect(memberRoleIds(world.members.alice.id)).not.toContain(roleId);
    // Allowed to mention every role, the bot pings it: the member is told so.
    world.discord.roles.grantBot(world.guildId, ["MentionEveryone"]);
    const pinged = await run(world.members.alice.id, "remind", { subcommand: "on" });
    world.discord.roles.revokeFromBot(world.guildId, ["MentionEveryone"]);
    expect(pinged.content).toContain(`You have <@&${roleId}> now: you'll be pinged in <#${reminderChannel}>`);
    expect(memberRoleIds(world.members.alice.id)).toContain(roleId);
  });

  it("posts two reminders at 10 and 1 minutes before, each once, across a restart, with a Register button that works", async () => {
    const { id, startsAt } = createTournament(world, { title: "Flash Cup", secondsAhead: 11 * 60 });
    await waitForScheduled(world, bot.deps.db, id, [startsAt - 10 * minute, startsAt - minute]);
    expect(reminderPosts(world, reminderChannel, id)).toEqual([]);

    await moveTo(world, startsAt - 10 * minute);
    const [first] = await waitForReminderPosts(world, reminderChannel, id, 1);
    expectReminderPost(first!, { roleId, startsAt, title: "Flash Cup", seatsLeft: "16 of 16" });
    const registered = await world.discord
      .pressButton({ message: first!, customId: `tournament:register:${id}`, userId: world.members.alice.id })
      .waitForFinal();
    expect(registered.content).toMatch(/^You're registered for \*\*Flash Cup\*\*/);

    // The bot stops and another instance starts on the same database before the second reminder.
    await bot.stop();
    bot = await world.startAnotherBot({});
    // Its reads keep the reminder's tournament up to date: alice's registration took a seat.
    await waitUntil(
      async () =>
        (await listScheduledReminders(bot.deps.db, world.guildId)).some(
          (reminder) => reminder.tournament.id === id && reminder.tournament.participants === 1,
        ),
      { timeoutMs: 10_000, what: "a read to see alice's registration" },
    );
    await moveTo(world, startsAt - minute);
    const posts = await waitForReminderPosts(world, reminderChannel, id, 2);
    expectReminderPost(posts[1]!, { roleId, startsAt, title: "Flash Cup", seatsLeft: "15 of 16" });
    expect(posts[1]!.createdAt).toBeGreaterThan(first!.createdAt);

    // Past the start nothing more comes, and neither reminder was posted twice.
    await moveTo(world, startsAt + minute);
    await bot.reminders.runOnce();
    await bot.outbox.runOnce();
    expect(reminderPosts(world, reminderChannel, id)).toHaveLength(2);
    // A row is marked delivered just after Discord has its post (its source hears of the post first).
    const readRows = () =>
      bot.deps.db.selectFrom("outbox").select(["status"]).where("source", "=", "reminder").execute();
    await waitUntil(async () => (await readRows()).every((row) => row.status === "delivered"), {
      timeoutMs: 10_000,
      what: "both reminders' rows to be marked delivered",
    });
    expect(await readRows()).toEqual([{ status: "delivered" }, { status: "delivered" }]);
  });

  it("reminds at the new times when a start moves later, and not at the old ones", async () => {
    const { id, startsAt } = createTournament(world, { title: "Moving Cup", secondsAhead: 30 * 60 });
    await waitForScheduled(world, bot.deps.db, id, [startsAt - 10 * minute, startsAt - minute]);
    const later = startsAt + 20 * minute;
    world.sandbox.control.rescheduleTournament(id, later);
    await waitForScheduled(world, bot.deps.db, id, [later - 10 * minute, later - minute]);

    await moveTo(world, startsAt - minute + 5000);
    await bot.reminders.runOnce();
    await bot.outbox.runOnce();
    expect(reminderPosts(world, reminderChannel, id)).toEqual([]);

    await moveTo(world, later - 10 * minute);
    const [post] = await waitForReminderPosts(world, reminderChannel, id, 1);
    expectReminderPost(post!, { roleId, startsAt: later, title: "Moving Cup", seatsLeft: "16 of 16" });
  });

  it("sends no late reminder for a tournament that starts early", async () => {
    const { id, startsAt } = createTournament(world, { title: "Early Cup", secondsAhead: 20 * 60 });
    await waitForScheduled(world, bot.deps.db, id, [startsAt - 10 * minute, startsAt - minute]);
    world.sandbox.control.startTournament(id);
    // The next read finds it gone from the open list.
    await waitForScheduled(world, bot.deps.db, id, []);

    for (const at of [startsAt - 10 * minute, startsAt - minute]) {
      await moveTo(world, at);
      await bot.reminders.runOnce();
      await bot.outbox.runOnce();
    }
    expect(reminderPosts(world, reminderChannel, id)).toEqual([]);
  });

  it("sends a reminder that fell due while the bot was down within a quarter of its lead time, else skips and counts it", async () => {
    const { id, startsAt } = createTournament(world, { title: "Downtime Cup", secondsAhead: 20 * 60 });
    await waitForScheduled(world, bot.deps.db, id, [startsAt - 10 * minute, startsAt - minute]);

    // Down from before the 10-minute reminder until 2 minutes after it: within its 2.5 minutes of grace.
    await bot.stop();
    await moveTo(world, startsAt - 8 * minute);
    bot = await world.startAnotherBot({});
    const [late] = await waitForReminderPosts(world, reminderChannel, id, 1);
    expectReminderPost(late!, { roleId, startsAt, title: "Downtime Cup", seatsLeft: "16 of 16" });

    // Down again past the 1-minute reminder's 15 seconds of grace: skipped, and counted.
    await bot.stop();
    await moveTo(world, startsAt - minute + 20_000);
    bot = await world.startAnotherBot({});
    await bot.reminders.runOnce();
    await bot.outbox.runOnce();
    expect(reminderPosts(world, reminderChannel, id)).toHaveLength(1);
    const metrics = await bot.metricsHttp.inject({ method: "GET", url: "/metrics" });
    expect(metrics.body).toContain('arena_reminders_skipped_total{reason="late"} 1');
  });

  it("tells the admins once when Discord refuses the role, and the member that they were told", async () => {
    world.discord.roles.revokeFromBot(world.guildId, ["ManageRoles"]);
    const refused = await run(world.members.bob.id, "remind", { subcommand: "on" });
    expect(refused.content).toContain("I've told the server's admins");
    expect(memberRoleIds(world.members.bob.id)).not.toContain(roleId);
    const notice = await world.discord.waitForMessage(adminChannel, (message) =>
      message.content.includes("Manage Roles"),
    );
    expect(notice.content).toContain(`Members can't take the reminder role <@&${roleId}>`);

    const again = await run(world.members.alice.id, "remind", { subcommand: "off" });
    expect(again.content).toContain("The server's admins have been told");
    expect(memberRoleIds(world.members.alice.id)).toContain(roleId);
    const notices = world.discord
      .messages(adminChannel)
      .filter((message) => message.content.includes("reminder role"));
    expect(notices).toHaveLength(1);

    world.discord.roles.grantBot(world.guildId, ["ManageRoles"]);
    const fixed = await run(world.members.alice.id, "remind", { subcommand: "off" });
    expect(fixed.content).toContain("no more reminder pings");
    expect(memberRoleIds(world.members.alice.id)).not.toContain(roleId);
  });

  it("tells the admins once when the link that reads tournaments stops working", async () => {
    await run(world.members.admin.id, "unlink");
    const notice = await world.discord.waitForMessage(adminChannel, (message) =>
      message.content.startsWith("Tournament reminders are on hold"),
    );
    expect(notice.content).toContain(`<@${world.members.admin.id}> has unlinked their platform account`);
    // Reads go on every second; the notice is not repeated.
    await waitUntil(
      async () => (await findReminderSettings(bot.deps.db, world.guildId))?.linkProblem === "not_linked",
      { timeoutMs: 5000, what: "the link problem to be recorded" },
    );
    // Two more reads held for that problem, each of which could have told the admins again.
    await waitForHeldReads(world, "reminders", 2);
    const notices = world.discord
      .messages(adminChannel)
      .filter((message) => message.content.startsWith("Tournament reminders are on hold"));
    expect(notices).toHaveLength(1);
  });
});
