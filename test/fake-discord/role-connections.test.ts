// Linked Roles in the fake Discord over real HTTP: the application's role-connection metadata (bot token)
// and a user's role connection (the user's bearer token with role_connections.write), with Discord's limits.
import { REST } from "@discordjs/rest";
import { ApplicationRoleConnectionMetadataType, OAuth2Scopes, Routes } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeDiscord, grantUserToken, type FakeDiscord } from "../../fake-discord/index.js";

const rating = {
  type: ApplicationRoleConnectionMetadataType.IntegerGreaterThanOrEqual,
  key: "rating",
  name: "Rating",
  description: "Arena rating at least",
};
const verified = {
  type: ApplicationRoleConnectionMetadataType.BooleanEqual,
  key: "verified",
  name: "Verified",
  description: "Linked an Arena account",
};

describe("the fake Discord's role connections", () => {
  let fake: FakeDiscord;
  let bot: REST;
  let aliceId: string;
  let asAlice: REST;
  const metadataRoute = () => Routes.applicationRoleConnectionMetadata(fake.applicationId);
  const connectionRoute = () => Routes.userApplicationRoleConnection(fake.applicationId);

  beforeAll(async () => {
    fake = await createFakeDiscord();
    bot = new REST({ api: fake.apiUrl, retries: 0 }).setToken(fake.botToken);
    aliceId = fake.createMember(fake.createGuild({ name: "Arena" }).id, { username: "alice" }).id;
    const token = await grantUserToken(fake, aliceId, [
      OAuth2Scopes.Identify,
      OAuth2Scopes.RoleConnectionsWrite,
    ]);
    asAlice = new REST({ api: fake.apiUrl, retries: 0, authPrefix: "Bearer" }).setToken(token.access_token);
    await bot.put(metadataRoute(), { body: [rating, verified] });
  });
  afterAll(async () => {
    await fake.close();
  });

  it("keeps the metadata records the bot puts and answers them back", async () => {
    expect(await bot.get(metadataRoute())).toEqual([rating, verified]);
    expect(fake.oauth2.roleConnectionMetadata()).toEqual([rating, verified]);
  });

  it("refuses metadata past Discord's limits with 400 50035 naming the field, keeping the old records", async () => {
    // Bodies as a careless bot might send them, so not typed as Discord's body type.
    const cases: [unknown, string[]][] = [
      [Array.from({ length: 6 }, (_, index) => ({ ...rating, key: `k${String(index)}` })), ["_errors"]],
      [[{ ...rating, type: 9 }], ["0", "type"]],
      [[{ ...rating, key: "Rating-Key" }], ["0", "key"]],
      [
        [rating, { ...rating, key: "k".repeat(51) }],
        ["1", "key"],
      ],
      [[{ ...rating, name: "" }], ["0", "name"]],
      [[{ ...rating, description: "d".repeat(201) }], ["0", "description"]],
    ];
    for (const [body, path] of cases) {
      const refusal = await bot.put(metadataRoute(), { body }).catch((error: unknown) => error);
      expect(refusal).toMatchObject({ status: 400, code: 50035 });
      expect((refusal as { rawError: { errors: unknown } }).rawError.errors).toHaveProperty(path);
    }
    expect(await bot.get(metadataRoute())).toEqual([rating, verified]);
  });

  it("sets a user's connection with their token, its values strings, and the driver reads it", async () => {
    const waited = fake.oauth2.waitForRoleConnection(
      aliceId,
      (connection) => connection.metadata.rating === "1850",
    );
    const body = {
      platform_name: "Arena",
      platform_username: "alice",
      metadata: { rating: "1850", verified: "1" },
    };
    // The docs map each key to its "stringified value", and the spec takes strings only: a number is refused.
    await expect(
      asAlice.put(connectionRoute(), { body: { ...body, metadata: { rating: 1850 } } }),
    ).rejects.toMatchObject({ status: 400, code: 50035 });
    const answer = {
      platform_name: "Arena",
      platform_username: "alice",
      metadata: { rating: "1850", verified: "1" },
    };
    expect(await asAlice.put(connectionRoute(), { body })).toEqual(answer);
    expect(await waited).toEqual(answer);
    expect(await asAlice.get(connectionRoute())).toEqual(answer);
    expect(fake.oauth2.roleConnection(aliceId)).toEqual(answer);
    expect(fake.oauth2.roleConnectionWrites(aliceId)).toEqual([answer]);
  });

  it("refuses unregistered keys, over-long names and values, and values unfit for their type with 400 50035", async () => {
    const before = fake.oauth2.roleConnection(aliceId);
    for (const body of [
      { metadata: { elo: "1" } },
      { platform_name: "p".repeat(51) },
      { platform_username: "u".repeat(101) },
      { metadata: { rating: "9".repeat(101) } },
      { metadata: { rating: "high" } },
      { metadata: { verified: "yes" } },
    ]) {
      await expect(asAlice.put(connectionRoute(), { body })).rejects.toMatchObject({
        status: 400,
        code: 50035,
      });
    }
    expect(fake.oauth2.roleConnection(aliceId)).toEqual(before);
  });

  it("asks for role_connections.write, a user's token, and this application", async () => {
    const bob = fake.createMember(fake.guilds()[0]!.id, { username: "bob" });
    const identifyOnly = await grantUserToken(fake, bob.id, [OAuth2Scopes.Identify]);
    const asBob = new REST({ api: fake.apiUrl, retries: 0, authPrefix: "Bearer" }).setToken(
      identifyOnly.access_token,
    );
    await expect(asBob.put(connectionRoute(), { body: {} })).rejects.toMatchObject({
      status: 403,
      code: 50026,
    });
    await expect(asAlice.get(Routes.userApplicationRoleConnection("1"))).rejects.toMatchObject({
      status: 404,
      code: 10002,
    });
    // @discordjs/rest forgets its token after a 401, so each refusal below gets a REST of its own.
    const withBotToken = new REST({ api: fake.apiUrl, retries: 0 }).setToken(fake.botToken);
    await expect(withBotToken.get(connectionRoute())).rejects.toMatchObject({ status: 401 });
    const withUserToken = new REST({ api: fake.apiUrl, retries: 0, authPrefix: "Bearer" }).setToken(
      identifyOnly.access_token,
    );
    await expect(withUserToken.put(metadataRoute(), { body: [] })).rejects.toMatchObject({ status: 401 });
    expect(fake.oauth2.roleConnection(bob.id)).toBeUndefined();
  });

  it("answers an empty connection for a user without one, and deletes one", async () => {
    const carol = fake.createMember(fake.guilds()[0]!.id, { username: "carol" });
    const token = await grantUserToken(fake, carol.id, [OAuth2Scopes.RoleConnectionsWrite]);
    const asCarol = new REST({ api: fake.apiUrl, retries: 0, authPrefix: "Bearer" }).setToken(
      token.access_token,
    );
    expect(await asCarol.get(connectionRoute())).toEqual({
      platform_name: null,
      platform_username: null,
      metadata: {},
    });
    await asCarol.put(connectionRoute(), { body: { platform_name: "Arena" } });
    expect(fake.oauth2.roleConnection(carol.id)).toMatchObject({ platform_name: "Arena" });
    await asCarol.delete(connectionRoute());
    expect(fake.oauth2.roleConnection(carol.id)).toBeUndefined();
  });

  it("takes an ISO8601 date for a datetime record and refuses anything else", async () => {
    const since = {
      type: ApplicationRoleConnectionMetadataType.DatetimeGreaterThanOrEqual,
      key: "member_since",
      name: "Member since",
      description: "On Arena since at least",
    };
    await bot.put(metadataRoute(), { body: [rating, verified, since] });
    const connection = (memberSince: string) => ({
      platform_name: "Arena",
      platform_username: "alice",
      metadata: { member_since: memberSince },
    });
    expect(await asAlice.put(connectionRoute(), { body: connection("2024-05-01T00:00:00Z") })).toMatchObject({
      metadata: { member_since: "2024-05-01T00:00:00Z" },
    });
    for (const wrong of ["yesterday", "1714521600", "2024-13-45"]) {
      const refusal = await asAlice
        .put(connectionRoute(), { body: connection(wrong) })
        .catch((error: unknown) => error);
      expect(refusal, wrong).toMatchObject({ status: 400, code: 50035 });
      expect((refusal as { rawError: { errors: unknown } }).rawError.errors, wrong).toHaveProperty([
        "metadata",
        "member_since",
      ]);
    }
    expect(fake.oauth2.roleConnection(aliceId)?.metadata).toEqual({ member_since: "2024-05-01T00:00:00Z" });
    await bot.put(metadataRoute(), { body: [rating, verified] });
  });

  it("limits each user's token in buckets of its own: one user at the route's limit leaves another's writes", async () => {
    const limited = await createFakeDiscord({
      routeLimits: {
        "PUT /users/@me/applications/:applicationId/role-connection": { limit: 2, windowMs: 60_000 },
      },
    });
    try {
      const guildId = limited.createGuild({ name: "Arena" }).id;
      await new REST({ api: limited.apiUrl })
        .setToken(limited.botToken)
        .put(Routes.applicationRoleConnectionMetadata(limited.applicationId), { body: [rating] });
      const put = async (userId: string) => {
        const { access_token: token } = await grantUserToken(limited, userId, [
          OAuth2Scopes.RoleConnectionsWrite,
        ]);
        return async () => {
          const response = await fetch(
            `${limited.apiUrl}/v10${Routes.userApplicationRoleConnection(limited.applicationId)}`,
            {
              method: "PUT",
              headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
              body: JSON.stringify({ platform_name: "Arena", metadata: { rating: "1" } }),
            },
          );
          await response.arrayBuffer();
          return response.status;
        };
      };
      const asDana = await put(limited.createMember(guildId, { username: "dana" }).id);
      const asEli = await put(limited.createMember(guildId, { username: "eli" }).id);
      expect([await asDana(), await asDana(), await asDana()]).toEqual([200, 200, 429]);
      expect([await asEli(), await asEli(), await asEli()]).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
