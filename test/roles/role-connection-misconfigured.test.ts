// The role connection worker while the bot's own platform access is misconfigured (docs/architecture.md,
// "Linked Roles"): a token refresh the platform refuses for the bot's client credentials says nothing about
// the member, so the queued write is retried with backoff, for the operator to mend the settings, rather than
// dropped, which left the profile with old values until the account's next event. Against the fake Discord,
// the platform fixture and the OAuth test server, on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { saveMemberLink } from "../../src/store/member-links.js";
import { findRoleConnectionWrite } from "../../src/store/role-connection-write-leases.js";
import { queueRoleConnectionWrite } from "../../src/store/role-connection-writes.js";
import type { FakeDiscord } from "../../fake-discord/index.js";
import {
  createTestRoleConnectionWorker,
  type LinkedRolesApp,
  type LinkedRolesWorld,
  startLinkedRolesWorld,
} from "../http/support/linked-roles-app.js";
import { clientId, clientSecret, startOAuthFixture, type OAuthFixture } from "../oauth/oauth-fixture.js";

describe("the role connection worker while the bot's platform access is misconfigured", () => {
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  let world: LinkedRolesWorld;
  let fake: FakeDiscord;
  let oauthServer: OAuthFixture;
  let linkedRoles: LinkedRolesApp;
  let guildId: string;

  beforeAll(async () => {
    oauthServer = await startOAuthFixture();
    world = await startLinkedRolesWorld({
      clock,
      app: {
        env: {
          PLATFORM_AUTH_URL: oauthServer.url,
          PLATFORM_TOKEN_URL: oauthServer.url,
          PLATFORM_CLIENT_ID: clientId,
          PLATFORM_CLIENT_SECRET: clientSecret,
        },
      },
    });
    ({ fake, linkedRoles, guildId } = world);
  });
  afterAll(async () => {
    await world.close();
    await oauthServer.close();
  });

  it("keeps a queued write and retries it, rather than dropping it as the member's fault", async () => {
    const { db, secretBox } = linkedRoles.deps;
    const worker = createTestRoleConnectionWorker(linkedRoles);
    const userId = fake.createMember(guildId, { username: "otto" }).id;
    const link = { guildId, userId, platformUserId: "usr_otto", platformUsername: "otto" };
    await saveMemberLink(db, secretBox, {
      ...link,
      credentialKind: "api_key",
      credential: { accessToken: "key-of-otto" },
      now: clock.now(),
    });
    const { authorizeUrl, browser } = await linkedRoles.open();
    expect((await linkedRoles.callback(fake.oauth2.approve(authorizeUrl, userId), browser)).statusCode).toBe(
      200,
    );
    // Linked again through OAuth, its access token about to expire; the token endpoint then refuses the bot's
    // client (a rotated PLATFORM_CLIENT_SECRET).
    await saveMemberLink(db, secretBox, {
      ...link,
      credentialKind: "oauth",
      credential: { accessToken: "access-otto", refreshToken: "refresh-otto", expiresAt: clock.now() + 1000 },
      now: clock.now(),
    });
    oauthServer.queueAnswer({ status: 401, body: { error: "invalid_client" } });
    await queueRoleConnectionWrite(db, { userId, cause: "user.rating_changed", now: clock.now() });

    expect(await worker.runOnce()).toEqual(["retry"]);
    expect(
      oauthServer.received.filter((request) => request.params?.grant_type === "refresh_token"),
    ).toHaveLength(1);
    const row = await findRoleConnectionWrite(db, userId);
    expect(row).toMatchObject({ attempts: 1 });
    expect(row?.nextAttemptAt).toBeGreaterThan(clock.now());
  });
});
