// A refresh of the member's Linked Roles Discord token that finishes after their credential was sealed again
// under a new key (docs/architecture.md, "Linked Roles", "The rules the code keeps"): the fake Discord on
// 127.0.0.1 holds its token answer while the test re-seals the row, as `npm run secrets:reseal` (or another
// instance's start) does during a key rotation. Discord spends the old refresh token at once, so the new pair
// must be the one stored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import type { LinkedRolesSettings } from "../../src/linking/linked-roles-settings.js";
import { readRoleConnectionToken } from "../../src/linking/role-connection-token.js";
import { updateRoleConnection } from "../../src/linking/update-role-connection.js";
import { createKeyRing, generateKeySpec } from "../../src/secrets/key-ring.js";
import { createSecretBox } from "../../src/secrets/secret-box.js";
import { saveMemberLink } from "../../src/store/member-links.js";
import {
  findRoleConnection,
  saveRoleConnectionToken,
  sealedRoleConnectionCredentials,
} from "../../src/store/role-connections.js";
import { resealColumn } from "../../src/store/sealed-column.js";
import type { FakeDiscord } from "../../fake-discord/index.js";
import {
  type LinkedRolesApp,
  type LinkedRolesWorld,
  startLinkedRolesWorld,
} from "../http/support/linked-roles-app.js";

const week = 7 * 24 * 60 * 60_000;
const firstKey = generateKeySpec("first");
const nextKey = generateKeySpec("next");

describe("a Linked Roles token refresh finishing after a re-seal", () => {
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  let world: LinkedRolesWorld;
  let fake: FakeDiscord;
  let linkedRoles: LinkedRolesApp;
  let settings: LinkedRolesSettings;
  let guildId: string;

  beforeAll(async () => {
    world = await startLinkedRolesWorld({
      clock,
      // Seals with the first key and opens both, as a bot does while an operator rotates keys.
      app: { secretBox: createSecretBox(createKeyRing(`${firstKey},${nextKey}`)) },
    });
    ({ fake, linkedRoles, guildId } = world);
    ({ settings } = linkedRoles);
  });
  afterAll(() => world.close());

  it("stores the refreshed token over the same one sealed again under a new key meanwhile, and uses it", async () => {
    const { db, secretBox } = linkedRoles.deps;
    const userId = fake.createMember(guildId, { username: "rosa" }).id;
    await saveMemberLink(db, secretBox, {
      guildId,
      userId,
      platformUserId: "usr_rosa",
      platformUsername: "rosa",
      credentialKind: "api_key",
      credential: { accessToken: "key-of-rosa" },
      now: clock.now(),
    });
    const { authorizeUrl, browser } = await linkedRoles.open();
    expect((await linkedRoles.callback(fake.oauth2.approve(authorizeUrl, userId), browser)).statusCode).toBe(
      200,
    );
    const before = (await findRoleConnection(db, secretBox, userId))?.credential;
    clock.advance(week - 30_000);

    const hold = fake.holdResponses("POST", /^\/oauth2\/token$/);
    const refreshing = readRoleConnectionToken(linkedRoles.deps, settings, userId);
    refreshing.catch(() => undefined);
    await hold.waitForCaught();
    const rotated = createSecretBox(createKeyRing(`${nextKey},${firstKey}`));
    expect(await resealColumn(db, rotated, sealedRoleConnectionCredentials)).toMatchObject({ resealed: 1 });
    hold.release();
    const token = await refreshing;

    const after = (await findRoleConnection(db, secretBox, userId))?.credential;
    expect(after?.accessToken).not.toBe(before?.accessToken);
    expect(after?.refreshToken).not.toBe(before?.refreshToken);
    expect(after?.expiresAt).toBe(clock.now() + week);
    expect(token).toMatchObject({
      ok: true,
      connection: { credential: { accessToken: after?.accessToken } },
    });
    // The token Discord gave is the one that works: the member's connection is written, not marked refused.
    expect(await updateRoleConnection(linkedRoles.deps, settings, userId)).toMatchObject({ ok: true });
    expect((await findRoleConnection(db, secretBox, userId))?.status).toBe("active");
  });

  it("revokes a refreshed token that finishes after the connection went, and leaves a new verification's alone", async () => {
    const { db, secretBox } = linkedRoles.deps;
    const userId = fake.createMember(guildId, { username: "sami" }).id;
    await saveMemberLink(db, secretBox, {
      guildId,
      userId,
      platformUserId: "usr_sami",
      platformUsername: "sami",
      credentialKind: "api_key",
      credential: { accessToken: "key-of-sami" },
      now: clock.now(),
    });
    const { authorizeUrl, browser } = await linkedRoles.open();
    expect((await linkedRoles.callback(fake.oauth2.approve(authorizeUrl, userId), browser)).statusCode).toBe(
      200,
    );
    expect(fake.oauth2.unrevokedGrantsOf(userId)).toBe(1);
    clock.advance(week - 30_000);

    const hold = fake.holdResponses("POST", /^\/oauth2\/token$/);
    const refreshing = readRoleConnectionToken(linkedRoles.deps, settings, userId);
    refreshing.catch(() => undefined);
    await hold.waitForCaught();
    // The member unlinks everywhere meanwhile: the connection and its token go.
    await db.deleteFrom("role_connections").where("user_id", "=", userId).execute();
    hold.release();
    expect(await refreshing).toEqual({ ok: false, reason: "not_verified" });
    // The grant the refresh renewed, which nothing holds, is revoked at Discord.
    expect(fake.oauth2.unrevokedGrantsOf(userId)).toBe(0);

    // Verified again, then refreshed while a newer verification is stored: that grant is left alone (Discord
    // may end a whole authorisation with any of its tokens), and the newer token is the one answered.
    const again = await linkedRoles.open();
    expect(
      (await linkedRoles.callback(fake.oauth2.approve(again.authorizeUrl, userId), again.browser)).statusCode,
    ).toBe(200);
    clock.advance(week - 30_000);
    const second = fake.holdResponses("POST", /^\/oauth2\/token$/);
    const refreshingAgain = readRoleConnectionToken(linkedRoles.deps, settings, userId);
    refreshingAgain.catch(() => undefined);
    await second.waitForCaught();
    await saveRoleConnectionToken(db, secretBox, {
      userId,
      credential: { accessToken: "token-of-the-new-verification", scopes: ["role_connections.write"] },
      now: clock.now(),
    });
    second.release();
    expect(await refreshingAgain).toMatchObject({
      ok: true,
      connection: { credential: { accessToken: "token-of-the-new-verification" } },
    });
    expect(fake.oauth2.unrevokedGrantsOf(userId)).toBe(1);
  });
});
