// docs/architecture.md, "Tournament reminders": the servers one tick claimed for a read are each read, even
// past one whose read failed in a way it cannot answer itself (here its database refuses its reminders, a
// trigger raising on their insert). Their claim already moved each next read an interval ahead, so a server
// left unread by a failure before it would wait that whole interval for a new tournament's reminders.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listScheduledReminders } from "../../src/store/tournament-reminders.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";
import { createTournament } from "./support/reminder-world.js";
import { waitUntil } from "./support/wait-until.js";

describe("a tick's reads of two servers when the first one's fails", () => {
  let world: EndToEnd;
  let second: { readonly guildId: string; readonly channelId: string };

  const setUpReminders = (place: { readonly guildId: string; readonly channelId: string }) =>
    world.discord
      .runCommand({
        ...place,
        userId: world.members.admin.id,
        name: "setup",
        subcommandGroup: "reminders",
        subcommand: "set",
        options: { channel: place.channelId, before: "10m" },
      })
      .waitForFinal();
  const scheduledIn = async (guildId: string) =>
    (await listScheduledReminders(world.bot.deps.db, guildId)).map((reminder) => reminder.tournament.id);

  beforeAll(async () => {
    world = await startEndToEnd();
    const { admin } = world.members;
    const adminKey = world.sandbox.keys.find((key) => key.level !== "read")?.key ?? "";
    const guild = world.discord.createGuild({ name: "Second", channels: ["contests"] });
    world.discord.createMember(guild.id, { userId: admin.id, permissions: ["ManageGuild"] });
    second = { guildId: guild.id, channelId: world.discord.createChannel(guild.id, { name: "general" }).id };
    await linkMember(world, admin.id, adminKey);
    await linkMember(world, admin.id, adminKey, second);
  }, 60_000);
  afterAll(async () => {
    await world.close();
  });

  it("reads the second server in the same tick, and logs the first one's failure", async () => {
    const first = createTournament(world, { title: "Weekly Sprint", secondsAhead: 3600 });
    expect((await setUpReminders(world)).content).toContain("Tournament reminders are on");
    expect((await setUpReminders(second)).content).toContain("Tournament reminders are on");
    for (const guildId of [world.guildId, second.guildId]) {
      await waitUntil(async () => (await scheduledIn(guildId)).includes(first.id), {
        timeoutMs: 15_000,
        what: `the first reads of ${guildId}`,
      });
    }

    // The first server's database refuses its reminders from now on.
    const { db } = world.bot.deps;
    await sql
      .raw(
        `create trigger refuse_reminders before insert on tournament_reminders when new.guild_id = '${world.guildId}' begin select raise(abort, 'reminders refused for the test'); end`,
      )
      .execute(db);
    const next = createTournament(world, { title: "Night Cup", secondsAhead: 7200 });
    // Both servers due in one tick, the failing one first (claims go by next_poll_at), made due in one
    // statement so that no tick claims the first alone.
    const now = world.sandbox.clock.now();
    await db
      .updateTable("reminder_settings")
      .set((eb) => ({
        next_poll_at: eb
          .case()
          .when("guild_id", "=", world.guildId)
          .then(now - 2)
          .else(now - 1)
          .end(),
      }))
      .where("guild_id", "in", [world.guildId, second.guildId])
      .execute();

    await waitUntil(async () => (await scheduledIn(second.guildId)).includes(next.id), {
      timeoutMs: 15_000,
      what: "the second server's read in the tick the first one's failed",
    });
    expect(await scheduledIn(world.guildId)).not.toContain(next.id);
    expect(world.logs()).toContain("reminders refused for the test");
  }, 60_000);
});
