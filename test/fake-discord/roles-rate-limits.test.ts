import { REST } from "@discordjs/rest";
import { Routes } from "discord.js";
import { afterEach, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord, type FakeDiscordOptions } from "../../fake-discord/index.js";

const memberRoleRoute = "PUT /guilds/:guildId/members/:userId/roles/:roleId";

interface RoleWorld {
  fake: FakeDiscord;
  guildId: string;
  userId: string;
  roleId: string;
}

describe("rate limits of the fake Discord's role routes", () => {
  let fake: FakeDiscord | undefined;

  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  async function startFake(options: FakeDiscordOptions = {}): Promise<RoleWorld> {
    const started = await createFakeDiscord(options);
    fake = started;
    const guildId = started.createGuild({ name: "Arena" }).id;
    const userId = started.createMember(guildId, { username: "alice" }).id;
    started.roles.grantBot(guildId, ["ManageRoles"]);
    const roleId = started.roles.create(guildId, { name: "Gold", position: 1 }).id;
    return { fake: started, guildId, userId, roleId };
  }

  function sendRaw(world: RoleWorld, method: "PUT" | "DELETE" | "POST", path: string): Promise<Response> {
    return fetch(`${world.fake.apiUrl}/v10${path}`, {
      method,
      headers: { authorization: `Bot ${world.fake.botToken}` },
    });
  }

  it("gives and takes member roles from one bucket of 10 per 10 s per guild, then answers 429", async () => {
    const world = await startFake();
    const path = Routes.guildMemberRole(world.guildId, world.userId, world.roleId);
    const responses: Response[] = [];
    for (let index = 0; index < 11; index += 1)
      responses.push(await sendRaw(world, index % 2 === 0 ? "PUT" : "DELETE", path));
    expect(responses.slice(0, 10).map((response) => response.status)).toEqual(Array(10).fill(204));
    expect(responses.slice(0, 10).map((response) => response.headers.get("x-ratelimit-remaining"))).toEqual([
      "9",
      "8",
      "7",
      "6",
      "5",
      "4",
      "3",
      "2",
      "1",
      "0",
    ]);
    expect(responses[0]?.headers.get("x-ratelimit-limit")).toBe("10");
    expect(responses[1]?.headers.get("x-ratelimit-bucket")).toBe(
      responses[0]?.headers.get("x-ratelimit-bucket"),
    );
    const limited = responses[10];
    expect(limited?.status).toBe(429);
    expect(limited?.headers.get("x-ratelimit-scope")).toBe("user");
    expect(Number(limited?.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = (await limited?.json()) as { retry_after: number; global: boolean };
    expect(body.global).toBe(false);
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(10);
    // Another guild has a bucket of its own.
    const otherGuildId = world.fake.createGuild({ name: "Elsewhere" }).id;
    world.fake.createMember(otherGuildId, { userId: world.userId });
    world.fake.roles.grantBot(otherGuildId, ["ManageRoles"]);
    const otherRoleId = world.fake.roles.create(otherGuildId, { name: "Silver", position: 1 }).id;
    const elsewhere = await sendRaw(
      world,
      "PUT",
      Routes.guildMemberRole(otherGuildId, world.userId, otherRoleId),
    );
    expect(elsewhere.status).toBe(204);
    expect(world.fake.stats.rateLimited).toBe(1);
  });

  it("takes the member-role limit from the options, for removals too", async () => {
    const world = await startFake({ routeLimits: { [memberRoleRoute]: { limit: 2, windowMs: 60_000 } } });
    const path = Routes.guildMemberRole(world.guildId, world.userId, world.roleId);
    const statuses = [];
    for (const method of ["PUT", "DELETE", "DELETE"] as const)
      statuses.push((await sendRaw(world, method, path)).status);
    expect(statuses).toEqual([204, 204, 429]);
  });

  it("tells role creation's bucket of 250 per 48 hours per guild", async () => {
    const world = await startFake();
    const response = await fetch(`${world.fake.apiUrl}/v10${Routes.guildRoles(world.guildId)}`, {
      method: "POST",
      headers: { authorization: `Bot ${world.fake.botToken}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Silver" }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-ratelimit-limit")).toBe("250");
    expect(Number(response.headers.get("x-ratelimit-reset-after"))).toBe(48 * 60 * 60);
  });

  it("lets @discordjs/rest pace 12 alternating gives and takes without a single 429", async () => {
    const world = await startFake({ routeLimits: { [memberRoleRoute]: { limit: 3, windowMs: 300 } } });
    const rest = new REST({ api: world.fake.apiUrl }).setToken(world.fake.botToken);
    const route = Routes.guildMemberRole(world.guildId, world.userId, world.roleId);
    // The first request teaches the client the bucket both methods share.
    await rest.put(route);
    for (let index = 1; index < 12; index += 1) {
      if (index % 2 === 0) await rest.put(route);
      else await rest.delete(route);
    }
    expect(world.fake.roles.ofMember(world.guildId, world.userId)).toEqual([]);
    expect(world.fake.stats.rateLimited).toBe(0);
  });
});
