// docs/architecture.md, "Tournament reminders", end to end: an admin deletes the reminder role in Discord. The
// next read of the open tournaments notices it before any member runs /remind: the admins are told once, the
// reminders are posted without the dead mention (never "@deleted-role"), and /setup status says why.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findReminderSettings } from "../../src/store/reminder-settings.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";
import { adminCommands } from "./support/member-commands.js";
import { countReadLines } from "./support/read-log.js";
import {
  createSandboxFollowingClock,
  createTournament,
  moveTo,
  waitForReminderPosts,
  waitForScheduled,
} from "./support/reminder-world.js";
import { waitUntil } from "./support/wait-until.js";

const minute = 60_000;

describe("a deleted tournament reminder role, end to end", () => {
  const following = createSandboxFollowingClock();
  let world: EndToEnd;
  let reminderChannel: string;
  let adminChannel: string;
  let roleId: string;
  const admin = adminCommands(() => world);
  const notices = () =>
    world.discord.messages(adminChannel).filter((message) => message.content.includes("was deleted"));

  beforeAll(async () => {
    world = await startEndToEnd({
      env: { TOURNAMENT_POLL_SECONDS: "1" },
      startOptions: { clock: following.clock },
    });
    following.follow(world);
    const keys = world.sandbox.keys.filter((key) => key.level !== "read");
    await linkMember(world, world.members.admin.id, keys[0]?.key ?? "");
    reminderChannel = world.discord.createChannel(world.guildId, { name: "contests" }).id;
    adminChannel = world.discord.createChannel(world.guildId, { name: "admins" }).id;
    world.discord.roles.grantBot(world.guildId, ["ManageRoles", "MentionEveryone"]);
    roleId = world.discord.roles.create(world.guildId, { name: "Contest pings", position: 1 }).id;
    await admin("setup", { subcommand: "admin-channel", options: { channel: adminChannel } });
    const set = await admin("setup", {
      subcommandGroup: "reminders",
      subcommand: "set",
      options: { channel: reminderChannel, before: "10m", role: roleId },
    });
    expect(set.content).toContain(`pinging <@&${roleId}>`);
  }, 60_000);
  afterAll(async () => {
    await world.close();
  });

  it("tells the admins once, posts without the mention, and /setup status says so", async () => {
    world.discord.roles.delete(world.guildId, roleId);

    const notice = await world.discord.waitForMessage(
      adminChannel,
      (message) => message.content.includes("was deleted"),
      20_000,
    );
    expect(notice.content).toBe(
      `The reminder role <@&${roleId}> was deleted: reminders are posted without a ping, and members can't opt in with \`/remind\`. Run \`/setup reminders set\` with another role (or without \`role:\` to keep posting without a ping).`,
    );
    expect((await findReminderSettings(world.bot.deps.db, world.guildId))?.roleProblem).toBe("role-deleted");
    // Reads go on every second: two more of them tell nobody again.
    const reads = countReadLines(world, "reminders").reads;
    await waitUntil(() => countReadLines(world, "reminders").reads >= reads + 2, {
      timeoutMs: 20_000,
      what: "two more reads of the open tournaments",
    });
    expect(notices()).toHaveLength(1);

    const { id, startsAt } = createTournament(world, { title: "Quiet Cup", secondsAhead: 11 * 60 });
    await waitForScheduled(world, world.bot.deps.db, id, [startsAt - 10 * minute]);
    await moveTo(world, startsAt - 10 * minute);
    const [post] = await waitForReminderPosts(world, reminderChannel, id, 1);
    expect(post?.content).toBe(`**Quiet Cup** starts <t:${String(Math.floor(startsAt / 1000))}:R>.`);
    expect(post?.allowedMentions).toEqual({ parse: [], roles: [] });

    const status = await admin("setup", { subcommand: "status" });
    const reminders = status.embeds[0]?.fields?.find((field) => field.name === "Tournament reminders")?.value;
    expect(reminders).toContain("10m before each start, no ping");
    expect(reminders).toContain("⚠️ The reminder role was deleted, so reminders ping nobody");
    expect(reminders).not.toContain(`<@&${roleId}>`);
  }, 90_000);
});
