import { REST } from "@discordjs/rest";
import { PermissionFlagsBits, Routes, type APIGuild, type APIGuildMember, type APIRole } from "discord.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLogEvent, createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";

describe("roles through the fake Discord's REST API", () => {
  let fake: FakeDiscord;
  let rest: REST;
  let guildId: string;
  let aliceId: string;

  beforeEach(async () => {
    fake = await createFakeDiscord();
    rest = new REST({ api: fake.apiUrl }).setToken(fake.botToken);
    guildId = fake.createGuild({ name: "Arena" }).id;
    aliceId = fake.createMember(guildId, { username: "alice" }).id;
    fake.roles.grantBot(guildId, ["ManageRoles"]);
  });

  afterEach(async () => {
    await fake.close();
  });

  it("lists @everyone with the guild's id at position 0 and the bot's managed role tagged with its id", async () => {
    const roles = (await rest.get(Routes.guildRoles(guildId))) as APIRole[];
    expect(roles.find((role) => role.id === guildId)).toMatchObject({ name: "@everyone", position: 0 });
    expect(roles.find((role) => role.managed)).toMatchObject({
      name: fake.botUser.username,
      position: 1,
      tags: { bot_id: fake.applicationId },
    });
    const guild = (await rest.get(Routes.guild(guildId))) as APIGuild;
    expect(guild.roles.map((role) => role.id).sort()).toEqual(roles.map((role) => role.id).sort());
  });

  it("creates a role at position 1 with the fields sent and @everyone's permissions by default", async () => {
    const everyone = fake.roles.list(guildId).find((role) => role.id === guildId);
    const created = (await rest.post(Routes.guildRoles(guildId), {
      body: { name: "Gold", color: 0xffd700, hoist: true, mentionable: false },
    })) as APIRole;
    expect(created).toMatchObject({
      name: "Gold",
      color: 0xffd700,
      hoist: true,
      mentionable: false,
      managed: false,
      position: 1,
      permissions: everyone?.permissions.toString(),
    });
    const plain = (await rest.post(Routes.guildRoles(guildId), { body: {} })) as APIRole;
    expect(plain.name).toBe("new role");
    expect(fake.roles.list(guildId).map((role) => role.name)).toEqual([
      fake.botUser.username,
      "Gold",
      "new role",
      "@everyone",
    ]);
  });

  it("records the X-Audit-Log-Reason of each role request, decoded", async () => {
    const role = (await rest.post(Routes.guildRoles(guildId), {
      body: { name: "Silver" },
      reason: "Tier roles: rating ≥ 1500",
    })) as APIRole;
    await rest.put(Routes.guildMemberRole(guildId, aliceId, role.id), { reason: "alice reached Silver" });
    await rest.delete(Routes.guildMemberRole(guildId, aliceId, role.id));
    expect(
      fake.roles
        .auditLog(guildId)
        .map(({ actionType, targetId, reason }) => ({ actionType, targetId, reason })),
    ).toEqual([
      { actionType: auditLogEvent.roleCreate, targetId: role.id, reason: "Tier roles: rating ≥ 1500" },
      { actionType: auditLogEvent.memberRoleUpdate, targetId: aliceId, reason: "alice reached Silver" },
      { actionType: auditLogEvent.memberRoleUpdate, targetId: aliceId, reason: null },
    ]);
    expect(fake.roles.auditLog(guildId)[1]?.changes).toEqual([
      { key: "$add", newValue: [{ id: role.id, name: "Silver" }] },
    ]);
  });

  it("gives and takes a member role with 204, and the member's roles show it", async () => {
    const role = (await rest.post(Routes.guildRoles(guildId), { body: { name: "Bronze" } })) as APIRole;
    const memberRoles = async () =>
      ((await rest.get(Routes.guildMember(guildId, aliceId))) as APIGuildMember).roles;
    const added = await fetch(`${fake.apiUrl}/v10${Routes.guildMemberRole(guildId, aliceId, role.id)}`, {
      method: "PUT",
      headers: { authorization: `Bot ${fake.botToken}` },
    });
    expect(added.status).toBe(204);
    expect(await memberRoles()).toEqual([role.id]);
    expect(fake.roles.ofMember(guildId, aliceId).map((each) => each.name)).toEqual(["Bronze"]);
    // Adding it again changes nothing and is still a 204.
    await rest.put(Routes.guildMemberRole(guildId, aliceId, role.id));
    expect(await memberRoles()).toEqual([role.id]);
    await rest.delete(Routes.guildMemberRole(guildId, aliceId, role.id));
    expect(await memberRoles()).toEqual([]);
  });

  it("edits a role, moves roles and deletes one, which members lose", async () => {
    const low = (await rest.post(Routes.guildRoles(guildId), { body: { name: "Low" } })) as APIRole;
    const high = (await rest.post(Routes.guildRoles(guildId), { body: { name: "High" } })) as APIRole;
    // Both sit at 1, below the bot's role; the older one ranks higher.
    expect(fake.roles.list(guildId).map((role) => role.name)).toEqual([
      fake.botUser.username,
      "Low",
      "High",
      "@everyone",
    ]);
    const edited = (await rest.patch(Routes.guildRole(guildId, high.id), {
      body: { name: "Higher", color: 0x00ff00 },
    })) as APIRole;
    expect(edited).toMatchObject({ name: "Higher", color: 0x00ff00 });
    // An admin drags the bot's role to the top, renumbering the roles below it; then the bot swaps the two.
    fake.roles.move(guildId, fake.roles.botRole(guildId).id, 10);
    expect(fake.roles.list(guildId).map((role) => role.position)).toEqual([3, 2, 1, 0]);
    await rest.patch(Routes.guildRoles(guildId), { body: [{ id: high.id, position: 2 }] });
    expect(fake.roles.list(guildId).map((role) => [role.name, role.position])).toEqual([
      [fake.botUser.username, 3],
      ["Higher", 2],
      ["Low", 1],
      ["@everyone", 0],
    ]);
    await rest.put(Routes.guildMemberRole(guildId, aliceId, low.id));
    await rest.delete(Routes.guildRole(guildId, low.id));
    expect(fake.roles.find(guildId, "Low")).toBeUndefined();
    expect(fake.roles.ofMember(guildId, aliceId)).toEqual([]);
  });

  it("gives a role only the permissions the bot has itself", async () => {
    const manageRoles = PermissionFlagsBits.ManageRoles.toString();
    const role = (await rest.post(Routes.guildRoles(guildId), {
      body: { name: "Helpers", permissions: manageRoles },
    })) as APIRole;
    expect(role.permissions).toBe(manageRoles);
  });
});
