import { REST } from "@discordjs/rest";
import { PermissionFlagsBits, Routes, type APIRole } from "discord.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";

const missingPermissions = {
  status: 403,
  code: 50013,
  rawError: { message: "Missing Permissions", code: 50013 },
};

describe("the fake Discord refuses role requests as Discord does", () => {
  let fake: FakeDiscord;
  let rest: REST;
  let guildId: string;
  let aliceId: string;

  beforeEach(async () => {
    fake = await createFakeDiscord();
    rest = new REST({ api: fake.apiUrl }).setToken(fake.botToken);
    guildId = fake.createGuild({ name: "Arena" }).id;
    aliceId = fake.createMember(guildId, { username: "alice" }).id;
  });

  afterEach(async () => {
    await fake.close();
  });

  const createRole = async (name: string) =>
    (await rest.post(Routes.guildRoles(guildId), { body: { name } })) as APIRole;

  it("answers 403 50013 to every role change while the bot lacks Manage Roles", async () => {
    fake.roles.grantBot(guildId, ["ManageRoles"]);
    const role = await createRole("Gold");
    fake.roles.revokeFromBot(guildId, ["ManageRoles"]);
    await expect(createRole("Silver")).rejects.toMatchObject(missingPermissions);
    await expect(rest.put(Routes.guildMemberRole(guildId, aliceId, role.id))).rejects.toMatchObject(
      missingPermissions,
    );
    await expect(rest.delete(Routes.guildMemberRole(guildId, aliceId, role.id))).rejects.toMatchObject(
      missingPermissions,
    );
    await expect(
      rest.patch(Routes.guildRole(guildId, role.id), { body: { name: "Au" } }),
    ).rejects.toMatchObject(missingPermissions);
    await expect(rest.delete(Routes.guildRole(guildId, role.id))).rejects.toMatchObject(missingPermissions);
    expect(fake.roles.list(guildId).map((each) => each.name)).toContain("Gold");
  });

  it("lets Administrator stand in for Manage Roles, and lets a role carry only what the bot has", async () => {
    fake.roles.grantBot(guildId, ["ManageRoles"]);
    await expect(
      rest.post(Routes.guildRoles(guildId), {
        body: { name: "Admins", permissions: PermissionFlagsBits.Administrator.toString() },
      }),
    ).rejects.toMatchObject(missingPermissions);
    fake.roles.revokeFromBot(guildId, ["ManageRoles"]);
    const administrator = fake.roles.create(guildId, { name: "Bot admin", permissions: ["Administrator"] });
    fake.roles.giveMember(guildId, fake.applicationId, administrator.id);
    const created = (await rest.post(Routes.guildRoles(guildId), {
      body: { name: "Admins", permissions: PermissionFlagsBits.Administrator.toString() },
    })) as APIRole;
    expect(created.permissions).toBe(PermissionFlagsBits.Administrator.toString());
  });

  it("refuses a role at or above the bot's highest role with 403 50013", async () => {
    fake.roles.grantBot(guildId, ["ManageRoles"]);
    const moderators = fake.roles.create(guildId, { name: "Moderators" });
    const botRole = fake.roles.botRole(guildId);
    for (const roleId of [moderators.id, botRole.id]) {
      await expect(rest.put(Routes.guildMemberRole(guildId, aliceId, roleId))).rejects.toMatchObject(
        missingPermissions,
      );
      await expect(rest.delete(Routes.guildRole(guildId, roleId))).rejects.toMatchObject(missingPermissions);
      await expect(
        rest.patch(Routes.guildRole(guildId, roleId), { body: { color: 1 } }),
      ).rejects.toMatchObject(missingPermissions);
    }
    // A role made at position 1 beside the bot's (older) role ranks below it, until an admin drags it up.
    const gold = await createRole("Gold");
    await rest.put(Routes.guildMemberRole(guildId, aliceId, gold.id));
    fake.roles.moveAboveBot(guildId, gold.id);
    await expect(rest.delete(Routes.guildMemberRole(guildId, aliceId, gold.id))).rejects.toMatchObject(
      missingPermissions,
    );
    expect(fake.roles.ofMember(guildId, aliceId).map((role) => role.name)).toEqual(["Gold"]);
  });

  it("refuses to move a role to the bot's own position or above", async () => {
    fake.roles.grantBot(guildId, ["ManageRoles"]);
    const gold = await createRole("Gold");
    fake.roles.move(guildId, fake.roles.botRole(guildId).id, 5);
    const botPosition = fake.roles.botRole(guildId).position;
    await expect(
      rest.patch(Routes.guildRoles(guildId), { body: [{ id: gold.id, position: botPosition }] }),
    ).rejects.toMatchObject(missingPermissions);
  });

  it("lets the bot that owns the guild manage every role, whatever the hierarchy", async () => {
    const ownedId = fake.createGuild({ name: "Bot's own", ownerId: fake.applicationId }).id;
    const moderators = fake.roles.create(ownedId, { name: "Moderators" });
    fake.createMember(ownedId, { userId: aliceId });
    await rest.put(Routes.guildMemberRole(ownedId, aliceId, moderators.id));
    expect(fake.roles.ofMember(ownedId, aliceId).map((role) => role.name)).toEqual(["Moderators"]);
  });

  it("answers 404 with 10004, 10011 and 10007 for an unknown guild, role and member", async () => {
    fake.roles.grantBot(guildId, ["ManageRoles"]);
    const gold = await createRole("Gold");
    const unknownId = "123456789012345678";
    await expect(rest.get(Routes.guildRoles(unknownId))).rejects.toMatchObject({
      status: 404,
      rawError: { message: "Unknown Guild", code: 10004 },
    });
    await expect(rest.post(Routes.guildRoles(unknownId), { body: {} })).rejects.toMatchObject({
      status: 404,
      code: 10004,
    });
    await expect(rest.put(Routes.guildMemberRole(guildId, aliceId, unknownId))).rejects.toMatchObject({
      status: 404,
      rawError: { message: "Unknown Role", code: 10011 },
    });
    await expect(rest.delete(Routes.guildRole(guildId, unknownId))).rejects.toMatchObject({
      status: 404,
      code: 10011,
    });
    await expect(rest.put(Routes.guildMemberRole(guildId, unknownId, gold.id))).rejects.toMatchObject({
      status: 404,
      rawError: { message: "Unknown Member", code: 10007 },
    });
  });

  it("answers 400 50035 with Discord's nested errors for a bad role body", async () => {
    fake.roles.grantBot(guildId, ["ManageRoles"]);
    await expect(
      rest.post(Routes.guildRoles(guildId), {
        body: { name: "x".repeat(101), color: 0x1000000, hoist: "yes", permissions: "all" },
      }),
    ).rejects.toMatchObject({
      status: 400,
      rawError: {
        code: 50035,
        message: "Invalid Form Body",
        errors: {
          name: { _errors: [{ code: "BASE_TYPE_MAX_LENGTH", message: "Must be 100 or fewer in length." }] },
          color: {
            _errors: [
              { code: "NUMBER_TYPE_MAX", message: "int value should be less than or equal to 16777215." },
            ],
          },
          hoist: { _errors: [{ code: "BOOLEAN_TYPE_CONVERT", message: "Must be either true or false." }] },
          permissions: { _errors: [{ code: "NUMBER_TYPE_COERCE", message: 'Value "all" is not int.' }] },
        },
      },
    });
    expect(fake.roles.list(guildId)).toHaveLength(2);
  });

  it("answers 400 50028 for @everyone as a member role and 30005 past 250 roles", async () => {
    fake.roles.grantBot(guildId, ["ManageRoles"]);
    await expect(rest.put(Routes.guildMemberRole(guildId, aliceId, guildId))).rejects.toMatchObject({
      status: 400,
      rawError: { message: "Invalid Role", code: 50028 },
    });
    while (fake.roles.list(guildId).length < 250) fake.roles.create(guildId, { name: "filler", position: 1 });
    await expect(createRole("One too many")).rejects.toMatchObject({
      status: 400,
      rawError: { message: "Maximum number of guild roles reached (250)", code: 30005 },
    });
  });
});
