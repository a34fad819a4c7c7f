// docs/architecture.md, "Tournament reminders": `/remind off` gives back the reminder roles `/remind on` gave
// the member after the admins picked another role or turned reminders off (members cannot take a role off
// themselves), never a role the member had from anyone else, and an earlier role Discord will not let the bot
// take does not keep the current one. A role an admin deleted leaves nothing to take: `/remind off` says the
// pings are off and still gives back the earlier role (it answered that Discord refused, and kept it), and
// the deletion is recorded over any other role problem recorded before, so posts stop naming the role.
import { Routes } from "discord-api-types/v10";
import { beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../../src/clock.js";
import type { BotDependencies } from "../../../src/commands/bot-dependencies.js";
import { toggleReminderRole } from "../../../src/commands/remind/toggle-reminder-role.js";
import { createLogger } from "../../../src/logger.js";
import { listReminderRoleGrants } from "../../../src/store/reminder-role-grants.js";
import {
  deletedRoleProblem,
  deleteReminderSettings,
  findReminderSettings,
  recordRoleProblem,
  saveReminderSettings,
} from "../../../src/store/reminder-settings.js";
import { testDatabases, useMigratedStore } from "../../store/databases.js";
import { useFakeGuild } from "../../support/fake-guild.js";

const memberRoleRemoval = "DELETE /guilds/:guildId/members/:userId/roles/:roleId";

describe.each(testDatabases())("/remind off and the earlier reminder roles on $name", (database) => {
  const store = useMigratedStore(database);
  const clock = new ManualClock(Date.UTC(2026, 11, 1, 12));
  const discord = useFakeGuild({ permissions: ["ManageRoles"] });
  let deps: BotDependencies;
  let memberId: string;
  let first: string;
  let second: string;

  const held = () => discord.fake.roles.ofMember(discord.guild.id, memberId).map((role) => role.id);
  const member = () => ({ guildId: discord.guild.id, userId: memberId });
  const setRole = (roleId: string | null) =>
    saveReminderSettings(store.db, {
      guildId: discord.guild.id,
      channelId: "300000000000000001",
      leadMinutes: [10],
      roleId,
      configuredBy: "200000000000000001",
      now: clock.now(),
    });
  const remind = (on: boolean) => toggleReminderRole(deps, { ...member(), on, roleIds: held() });
  const roleProblem = async () => (await findReminderSettings(store.db, discord.guild.id))?.roleProblem;

  beforeEach(() => {
    deps = {
      db: store.db,
      clock,
      rest: discord.rest,
      logger: createLogger({ level: "silent" }),
    } as unknown as BotDependencies;
    memberId = discord.fake.createMember(discord.guild.id, { username: "ada" }).id;
    first = discord.fake.roles.create(discord.guild.id, { name: "Contest pings", position: 1 }).id;
    second = discord.fake.roles.create(discord.guild.id, { name: "Cup pings", position: 1 }).id;
  });

  it("takes back the role /remind on gave before the admins picked another", async () => {
    await setRole(first);
    expect(await remind(true)).toContain(`You have <@&${first}> now`);
    expect(await listReminderRoleGrants(store.db, member())).toEqual([first]);
    await setRole(second);

    const answer = await remind(false);

    expect(answer).toContain(`<@&${second}> is gone: no more reminder pings.`);
    expect(answer).toContain(
      `I also took back <@&${first}>, which I gave you as this server's reminder role`,
    );
    expect(held()).toEqual([]);
    expect(await listReminderRoleGrants(store.db, member())).toEqual([]);
  });

  it("takes back the role /remind on gave once reminders are off, and then says they are off", async () => {
    await setRole(first);
    await remind(true);
    expect(await deleteReminderSettings(store.db, discord.guild.id)).toBe(true);

    const answer = await remind(false);

    expect(answer).toBe(
      "Tournament reminders are off in this server, so nothing pings you. I also took back " +
        `<@&${first}>, which I gave you as this server's reminder role before.`,
    );
    expect(held()).toEqual([]);
    await expect(remind(false)).rejects.toMatchObject({ code: "reminders_off" });
  });

  it("never takes an earlier reminder role the member had from anyone else", async () => {
    // An admin picked a general role first, then a role of its own for the pings.
    await setRole(first);
    discord.fake.roles.giveMember(discord.guild.id, memberId, first);
    await setRole(second);
    await remind(true);
    discord.fake.resetStats();

    const answer = await remind(false);

    expect(answer).not.toContain("took back");
    expect(held()).toEqual([first]);
    expect(discord.fake.stats.requestsByRoute.get(memberRoleRemoval)).toBe(1);
  });

  it("records no grant for a reminder role the member held already, so never takes it back later", async () => {
    // The member had the general role the admins first picked before they asked for reminders.
    await setRole(first);
    discord.fake.roles.giveMember(discord.guild.id, memberId, first);
    expect(await remind(true)).toContain(`You have <@&${first}> now`);
    expect(await listReminderRoleGrants(store.db, member())).toEqual([]);
    await setRole(second);
    await remind(true);

    expect(await remind(false)).not.toContain("took back");
    expect(held()).toEqual([first]);
  });

  it("takes the current role though Discord will not let it take an earlier one, and says which stayed", async () => {
    await setRole(first);
    await remind(true);
    await setRole(second);
    await remind(true);
    // The earlier role was moved above the bot's own.
    discord.fake.roles.moveAboveBot(discord.guild.id, first);

    const answer = await remind(false);

    expect(answer).toContain(`<@&${second}> is gone: no more reminder pings.`);
    expect(answer).toContain(`I couldn't take back <@&${first}>`);
    expect(held()).toEqual([first]);
    expect(await listReminderRoleGrants(store.db, member())).toEqual([first]);
  });

  it("forgets a grant whose role Discord deleted or the member no longer holds, asking Discord nothing", async () => {
    await setRole(first);
    await remind(true);
    await setRole(second);
    await remind(true);
    await setRole(null);
    discord.fake.roles.takeFromMember(discord.guild.id, memberId, first);
    discord.fake.roles.delete(discord.guild.id, second);
    discord.fake.resetStats();

    // The interaction was made before the second role went.
    const answer = await toggleReminderRole(deps, { ...member(), on: false, roleIds: [second] });

    expect(answer).toContain("Reminders here ping nobody");
    expect(answer).not.toContain("took back");
    expect(discord.fake.stats.requestsByRoute.get(memberRoleRemoval)).toBe(1);
    expect(await listReminderRoleGrants(store.db, member())).toEqual([]);
  });

  it("gives back nothing when Discord cannot be reached, and says nothing was taken", async () => {
    await setRole(first);
    await remind(true);
    await setRole(second);
    const removals = () => discord.fake.stats.requestsByRoute.get(memberRoleRemoval) ?? 0;
    discord.fake.setRouteOutage(memberRoleRemoval, true);
    try {
      // What one removal costs while the route is down (the client sends a 503'd request again).
      const before = removals();
      await expect(
        discord.rest.delete(Routes.guildMemberRole(discord.guild.id, memberId, second)),
      ).rejects.toThrow();
      const perRemoval = removals() - before;
      const beforeOff = removals();
      await expect(remind(false)).rejects.not.toMatchObject({ code: "reminder_role_refused" });
      // The current role's removal alone: the earlier role was not tried.
      expect(removals() - beforeOff).toBe(perRemoval);
    } finally {
      discord.fake.setRouteOutage(memberRoleRemoval, false);
    }
    expect(held()).toEqual([first]);
    expect(await listReminderRoleGrants(store.db, member())).toEqual([first]);
  });

  it("turns the pings off when the current role was deleted, and gives back the earlier one", async () => {
    await setRole(first);
    await remind(true);
    await setRole(second);
    discord.fake.roles.delete(discord.guild.id, second);

    const answer = await remind(false);

    expect(answer).toBe(
      `<@&${second}> was deleted, so reminders ping nobody now. They still appear in <#300000000000000001>. ` +
        `I also took back <@&${first}>, which I gave you as this server's reminder role before.`,
    );
    expect(held()).toEqual([]);
    expect(await listReminderRoleGrants(store.db, member())).toEqual([]);
    expect(await roleProblem()).toBe(deletedRoleProblem);
  });

  it("records the deletion /remind on meets over a permission problem recorded before", async () => {
    await setRole(first);
    await recordRoleProblem(store.db, {
      guildId: discord.guild.id,
      problem: "missing-manage-roles",
      now: clock.now(),
    });
    discord.fake.roles.delete(discord.guild.id, first);

    await expect(remind(true)).rejects.toMatchObject({ code: "reminder_role_refused" });
    expect(await roleProblem()).toBe(deletedRoleProblem);
  });
});
