// `/remind` meeting a reminder role an admin deleted (docs/architecture.md, "Tournament reminders"): `/remind
// off` has nothing left to take, so it says the pings are off and still gives back the earlier role it gave;
// before, it answered that Discord refused, and kept the earlier role. Either way the deletion is recorded
// over any other role problem recorded before, so posts stop naming the role.
import { beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../../src/clock.js";
import type { BotDependencies } from "../../../src/commands/bot-dependencies.js";
import { toggleReminderRole } from "../../../src/commands/remind/toggle-reminder-role.js";
import { createLogger } from "../../../src/logger.js";
import { listReminderRoleGrants } from "../../../src/store/reminder-role-grants.js";
import {
  deletedRoleProblem,
  findReminderSettings,
  recordRoleProblem,
  saveReminderSettings,
} from "../../../src/store/reminder-settings.js";
import { testDatabases, useMigratedStore } from "../../store/databases.js";
import { useFakeGuild } from "../../support/fake-guild.js";

describe.each(testDatabases())("/remind and a deleted reminder role on $name", (database) => {
  const store = useMigratedStore(database);
  const clock = new ManualClock(Date.UTC(2026, 11, 1, 12));
  const discord = useFakeGuild({ permissions: ["ManageRoles"] });
  let deps: BotDependencies;
  let memberId: string;

  const held = () => discord.fake.roles.ofMember(discord.guild.id, memberId).map((role) => role.id);
  const member = () => ({ guildId: discord.guild.id, userId: memberId });
  const setRole = (roleId: string) =>
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
  });

  it("turns the pings off with /remind off, and gives back the earlier role", async () => {
    const first = discord.fake.roles.create(discord.guild.id, { name: "Contest pings", position: 1 }).id;
    const second = discord.fake.roles.create(discord.guild.id, { name: "Cup pings", position: 1 }).id;
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
    const role = discord.fake.roles.create(discord.guild.id, { name: "Contest pings", position: 1 }).id;
    await setRole(role);
    await recordRoleProblem(store.db, {
      guildId: discord.guild.id,
      problem: "missing-manage-roles",
      now: clock.now(),
    });
    discord.fake.roles.delete(discord.guild.id, role);

    await expect(remind(true)).rejects.toMatchObject({ code: "reminder_role_refused" });
    expect(await roleProblem()).toBe(deletedRoleProblem);
  });
});
