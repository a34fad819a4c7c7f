import { GatewayIntentBits, type Client, type GuildMember, type Role } from "discord.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { connectClient } from "./connect-client.js";
import { RawGateway } from "./raw-gateway.js";

describe("role events from the fake Discord to a real discord.js client", () => {
  let fake: FakeDiscord;
  let client: Client<true>;
  let guildId: string;
  let aliceId: string;

  beforeAll(async () => {
    fake = await createFakeDiscord();
    guildId = fake.createGuild({ name: "Arena" }).id;
    aliceId = fake.createMember(guildId, { username: "alice" }).id;
    fake.roles.grantBot(guildId, ["ManageRoles"]);
    client = await connectClient(fake, {
      intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMembers],
    });
  });

  afterAll(async () => {
    await client.destroy();
    await fake.close();
  });

  it("receives the guild's roles with GUILD_CREATE, its own managed role among them", () => {
    const guild = client.guilds.cache.get(guildId);
    const botRole = guild?.members.me?.roles.botRole;
    expect(botRole?.id).toBe(fake.roles.botRole(guildId).id);
    expect(botRole?.managed).toBe(true);
    expect(guild?.roles.everyone.id).toBe(guildId);
    expect(guild?.members.me?.permissions.has("ManageRoles")).toBe(true);
  });

  it("sees a role it creates arrive as GUILD_ROLE_CREATE, below its own role and editable", async () => {
    const guild = client.guilds.cache.get(guildId);
    const arrived = new Promise<Role>((resolve) => client.once("roleCreate", resolve));
    const created = await guild?.roles.create({ name: "Gold", reason: "tier roles" });
    const role = await arrived;
    expect(role.id).toBe(created?.id);
    expect(role.editable).toBe(true);
    expect(fake.roles.auditLog(guildId).at(-1)?.reason).toBe("tier roles");
  });

  it("sees an admin's role changes as GUILD_ROLE_UPDATE and GUILD_ROLE_DELETE", async () => {
    const guild = client.guilds.cache.get(guildId);
    const gold = fake.roles.find(guildId, "Gold");
    const updated = new Promise<Role>((resolve) => {
      const listener = (_old: Role, role: Role) => {
        if (role.id !== gold?.id) return;
        client.off("roleUpdate", listener);
        resolve(role);
      };
      client.on("roleUpdate", listener);
    });
    fake.roles.moveAboveBot(guildId, gold?.id ?? "");
    const moved = await updated;
    expect(moved.editable).toBe(false);
    expect(guild?.roles.comparePositions(moved, guild.members.me?.roles.highest ?? moved)).toBeGreaterThan(0);
    const deleted = new Promise<Role>((resolve) => client.once("roleDelete", resolve));
    fake.roles.delete(guildId, gold?.id ?? "");
    expect((await deleted).id).toBe(gold?.id);
    expect(guild?.roles.cache.has(gold?.id ?? "")).toBe(false);
  });

  it("sees a member given and then stripped of a role as GUILD_MEMBER_UPDATE", async () => {
    const guild = client.guilds.cache.get(guildId);
    const silver = await guild?.roles.create({ name: "Silver" });
    const alice = await guild?.members.fetch(aliceId);
    const memberUpdate = () =>
      new Promise<GuildMember>((resolve) =>
        client.once("guildMemberUpdate", (_old, member) => {
          resolve(member);
        }),
      );
    const given = memberUpdate();
    await alice?.roles.add(silver?.id ?? "");
    expect((await given).roles.cache.has(silver?.id ?? "")).toBe(true);
    const stripped = memberUpdate();
    fake.roles.takeFromMember(guildId, aliceId, silver?.id ?? "");
    expect((await stripped).roles.cache.has(silver?.id ?? "")).toBe(false);
  });
});

describe("which sessions get role events", () => {
  let fake: FakeDiscord;
  let gateway: RawGateway;

  afterEach(async () => {
    gateway.close();
    await fake.close();
  });

  it("sends other members' GUILD_MEMBER_UPDATE only with Guild Members, the bot's own always", async () => {
    fake = await createFakeDiscord();
    const guildId = fake.createGuild({ name: "Arena" }).id;
    const aliceId = fake.createMember(guildId, { username: "alice" }).id;
    gateway = new RawGateway(`${fake.gatewayUrl}?v=10&encoding=json`);
    await gateway.next((frame) => frame.op === 10);
    const identify = {
      token: fake.botToken,
      intents: GatewayIntentBits.Guilds,
      properties: {},
      shard: [0, 1],
    };
    gateway.send({ op: 2, d: identify });
    await gateway.next((frame) => frame.t === "GUILD_CREATE");
    const helper = fake.roles.create(guildId, { name: "Helper", position: 1 });
    fake.roles.giveMember(guildId, aliceId, helper.id);
    fake.roles.giveMember(guildId, fake.applicationId, helper.id);
    // Dispatches go out in order: alice's update, had it been sent, would come first.
    const first = await gateway.next((frame) => frame.t === "GUILD_MEMBER_UPDATE");
    expect(first.d).toMatchObject({
      guild_id: guildId,
      user: { id: fake.applicationId },
      roles: [fake.roles.botRole(guildId).id, helper.id],
    });
    const roleCreate = gateway.frames.find((frame) => frame.t === "GUILD_ROLE_CREATE");
    expect(roleCreate?.d).toMatchObject({ guild_id: guildId, role: { id: helper.id, name: "Helper" } });
  });
});
