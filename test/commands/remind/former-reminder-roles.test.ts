// docs/architecture.md, "Tournament reminders": `/remind off` gives back the server's earlier reminder roles
// the member still holds, after the admins changed the role or turned reminders off; members cannot take a
// role off themselves.
import { beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../../src/clock.js";
import type { BotDependencies } from "../../../src/commands/bot-dependencies.js";
import { toggleReminderRole } from "../../../src/commands/remind/toggle-reminder-role.js";
import { createLogger } from "../../../src/logger.js";
import {
  deleteReminderSettings,
  listFormerReminderRoles,
  saveReminderSettings,
} from "../../../src/store/reminder-settings.js";
import { testDatabases, useMigratedStore } from "../../store/databases.js";
import { useFakeGuild } from "../../support/fake-guild.js";

const memberRoleRemoval = "DELETE /guilds/:guildId/members/:userId/roles/:roleId";

describe.each(testDatabases())("/remind off and the server's earlier reminder roles on $name", (database) => {
  const store = useMigratedStore(database);
  const clock = new ManualClock(Date.UTC(2026, 11, 1, 12));
  const discord = useFakeGuild({ permissions: ["ManageRoles"] });
  let deps: BotDependencies;
  let memberId: string;
  let first: string;
  let second: string;

  const held = () => discord.fake.roles.ofMember(discord.guild.id, memberId).map((role) => role.id);
  const setRole = (roleId: string | null) =>
    saveReminderSettings(store.db, {
      guildId: discord.guild.id,
      channelId: "300000000000000001",
      leadMinutes: [10],
      roleId,
      configuredBy: "200000000000000001",
      now: clock.now(),
    });
  const remindOff = () =>
    toggleReminderRole(deps, { guildId: discord.guild.id, userId: memberId, on: false, roleIds: held() });

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

  it("takes back the role the member took before the admins picked another", async () => {
    await setRole(first);
    discord.fake.roles.giveMember(discord.guild.id, memberId, first);
    await setRole(second);
    expect(await listFormerReminderRoles(store.db, discord.guild.id)).toEqual([first]);

    const answer = await remindOff();

    expect(answer).toContain(`<@&${second}> is gone: no more reminder pings.`);
    expect(answer).toContain(`I also took back <@&${first}>, this server's earlier reminder role.`);
    expect(held()).toEqual([]);
  });

  it("takes back the reminder role once reminders are off", async () => {
    await setRole(first);
    discord.fake.roles.giveMember(discord.guild.id, memberId, first);
    expect(await deleteReminderSettings(store.db, discord.guild.id, clock.now())).toBe(true);

    expect(await remindOff()).toBe(
      `<@&${first}> is gone: tournament reminders are off in this server, so nothing pings you.`,
    );
    expect(held()).toEqual([]);
    // Nothing left to give back: the member hears that reminders are off.
    await expect(remindOff()).rejects.toMatchObject({ code: "reminders_off" });
  });

  it("asks Discord about no earlier role the member does not hold, and forgets one Discord deleted", async () => {
    await setRole(first);
    await setRole(second);
    await setRole(null);
    discord.fake.roles.giveMember(discord.guild.id, memberId, second);
    discord.fake.roles.delete(discord.guild.id, second);
    discord.fake.resetStats();

    const answer = await toggleReminderRole(deps, {
      guildId: discord.guild.id,
      userId: memberId,
      on: false,
      // The interaction was made before the role went.
      roleIds: [second],
    });

    expect(answer).toContain("Reminders here ping nobody");
    expect(answer).not.toContain("took back");
    // One request, for the role the member held; none for the one they never took.
    expect(discord.fake.stats.requestsByRoute.get(memberRoleRemoval)).toBe(1);
    expect(await listFormerReminderRoles(store.db, discord.guild.id)).toEqual([first]);
  });

  it("keeps a role that is the reminder role again out of the earlier ones", async () => {
    await setRole(first);
    await setRole(second);
    await setRole(first);
    expect(await listFormerReminderRoles(store.db, discord.guild.id)).toEqual([second]);
  });
});
