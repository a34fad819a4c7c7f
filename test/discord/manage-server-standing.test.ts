// Whether a member still holds Manage Server, read through the bot's REST from the fake Discord, whose members
// and roles change as an admin changes them by hand (src/discord/manage-server-standing.ts).
import { REST } from "@discordjs/rest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { readManageServerStanding } from "../../src/discord/manage-server-standing.js";

describe("reading whether a member holds Manage Server", () => {
  let fake: FakeDiscord;
  let rest: REST;
  let guildId: string;
  const standingOf = (userId: string) => readManageServerStanding(rest, { guildId, userId });

  beforeEach(async () => {
    fake = await createFakeDiscord();
    rest = new REST({ api: fake.apiUrl }).setToken(fake.botToken);
    guildId = fake.createGuild({ name: "Arena" }).id;
  });
  afterEach(async () => {
    await fake.close();
  });

  it("finds Manage Server through a member's role, and its loss when the role is taken", async () => {
    const admin = fake.createMember(guildId, { username: "admin", permissions: ["ManageGuild"] });
    expect(await standingOf(admin.id)).toBe("holds");
    const [role] = fake.roles.ofMember(guildId, admin.id);
    fake.roles.takeFromMember(guildId, admin.id, role!.id);
    expect(await standingOf(admin.id)).toBe("lacks");
  });

  it("counts Administrator, @everyone's permissions and the owner as holding it", async () => {
    const administrator = fake.createMember(guildId, { username: "root", permissions: ["Administrator"] });
    expect(await standingOf(administrator.id)).toBe("holds");

    const member = fake.createMember(guildId, { username: "member" });
    expect(await standingOf(member.id)).toBe("lacks");
    fake.roles.setPermissions(guildId, guildId, ["ViewChannel", "ManageGuild"]);
    expect(await standingOf(member.id)).toBe("holds");

    const owned = fake.createGuild({ name: "Owned" });
    guildId = owned.id;
    fake.createMember(guildId, { userId: owned.ownerId });
    expect(await standingOf(owned.ownerId)).toBe("holds");
  });

  it("says a member who left is no longer there", async () => {
    const admin = fake.createMember(guildId, { username: "admin", permissions: ["ManageGuild"] });
    fake.removeMember(guildId, admin.id);
    expect(await standingOf(admin.id)).toBe("left");
  });
});
