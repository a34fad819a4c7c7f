// The Linked Roles verification URL's Discord leg (docs/architecture.md, "Linked Roles"), over HTTP against the
// fake Discord: the browser is bound by a cookie, Discord's OAuth2 runs with PKCE S256, and the member's
// Discord token is stored sealed, or revoked when the consent lacks the scope the connection needs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveMemberLink } from "../../src/store/member-links.js";
import { findRoleConnection } from "../../src/store/role-connections.js";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { linkedRolesStartsPerMinute } from "../../src/http/linked-roles-routes.js";
import { buildLinkedRolesApp, type LinkedRolesApp } from "./support/linked-roles-app.js";

describe("the Linked Roles verification URL's Discord authorization", () => {
  let fake: FakeDiscord;
  let linkedRoles: LinkedRolesApp;
  let aliceId: string;

  beforeAll(async () => {
    fake = await createFakeDiscord();
    aliceId = fake.createMember(fake.createGuild({ name: "Arena" }).id, { username: "alice" }).id;
    linkedRoles = await buildLinkedRolesApp(fake);
  });
  afterAll(async () => {
    await linkedRoles.close();
    await fake.close();
  });

  it("sends the browser to Discord with PKCE S256 and both scopes, and binds it with an HttpOnly cookie", async () => {
    const opened = await linkedRoles.app.inject({ method: "GET", url: "/oauth/linked-roles" });
    expect(opened.statusCode).toBe(303);
    const authorize = new URL(String(opened.headers.location));
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${fake.apiUrl}/v10/oauth2/authorize`);
    expect(authorize.searchParams.get("scope")).toBe("identify role_connections.write");
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get("state")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(opened.cookies).toEqual([
      expect.objectContaining({
        name: "arena_linked_roles_browser",
        path: "/oauth",
        httpOnly: true,
        sameSite: "Lax",
      }),
    ]);
    expect(opened.headers["cache-control"]).toBe("no-store");
  });

  it("exchanges the code in the browser that opened it and keeps the member's Discord token sealed", async () => {
    const { authorizeUrl, browser } = await linkedRoles.open();
    const page = await linkedRoles.callback(fake.oauth2.approve(authorizeUrl, aliceId), browser);
    // Authorized; alice has linked no platform account, which the page tells her (linked-roles.e2e covers one).
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain("No platform account is linked to your Discord account yet");
    const connection = await findRoleConnection(linkedRoles.deps.db, linkedRoles.deps.secretBox, aliceId);
    expect(connection?.status).toBe("active");
    expect(connection?.credential.scopes).toEqual(["identify", "role_connections.write"]);
    const accessToken = connection?.credential.accessToken ?? "";
    // The token is the member's: Discord answers /users/@me with it.
    const me = await fetch(`${fake.apiUrl}/v10/users/@me`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(((await me.json()) as { id: string }).id).toBe(aliceId);
    const rows = await linkedRoles.deps.db.selectFrom("role_connections").selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(accessToken);
    expect(JSON.stringify(rows)).not.toContain(connection?.credential.refreshToken ?? "no refresh token");
    // The state is single use.
    const replay = await linkedRoles.callback(fake.oauth2.approve(authorizeUrl, aliceId), browser);
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toContain("This verification is unknown or was already used.");
  });

  it("refuses the callback in another browser without using the state up, so the member's own can finish", async () => {
    const { authorizeUrl, browser } = await linkedRoles.open();
    const redirect = fake.oauth2.approve(authorizeUrl, aliceId);
    const stranger = await linkedRoles.open();
    for (const other of ["", stranger.browser]) {
      const refused = await linkedRoles.callback(redirect, other);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain("This verification was not started in this browser");
    }
    const own = await linkedRoles.callback(redirect, browser);
    expect(own.body).toContain("No platform account is linked to your Discord account yet");
  });

  it("says so when the member declines on Discord's consent page, storing nothing", async () => {
    const bobId = fake.createMember(fake.createGuild({ name: "Other" }).id, { username: "bob" }).id;
    const { authorizeUrl, browser } = await linkedRoles.open();
    const page = await linkedRoles.callback(fake.oauth2.deny(authorizeUrl), browser);
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain("You declined the authorization");
    expect(await findRoleConnection(linkedRoles.deps.db, linkedRoles.deps.secretBox, bobId)).toBeUndefined();
  });

  it("revokes the tokens of a consent without role_connections.write, storing nothing", async () => {
    const daveId = fake.createMember(fake.createGuild({ name: "Fourth" }).id, { username: "dave" }).id;
    const { authorizeUrl, browser } = await linkedRoles.open();
    // The member unticked the scope on Discord's consent screen: Discord grants `identify` alone.
    const identifyOnly = new URL(authorizeUrl);
    identifyOnly.searchParams.set("scope", "identify");
    const page = await linkedRoles.callback(fake.oauth2.approve(identifyOnly.href, daveId), browser);
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain("The bot needs permission to update your connection");
    expect(await findRoleConnection(linkedRoles.deps.db, linkedRoles.deps.secretBox, daveId)).toBeUndefined();
    expect(fake.oauth2.unrevokedGrantsOf(daveId)).toBe(0);
  });

  it("keeps the tokens of a consent it stored", async () => {
    const erinId = fake.createMember(fake.createGuild({ name: "Fifth" }).id, { username: "erin" }).id;
    const { authorizeUrl, browser } = await linkedRoles.open();
    await linkedRoles.callback(fake.oauth2.approve(authorizeUrl, erinId), browser);
    expect(await findRoleConnection(linkedRoles.deps.db, linkedRoles.deps.secretBox, erinId)).toBeDefined();
    expect(fake.oauth2.unrevokedGrantsOf(erinId)).toBe(1);
  });

  it("does not guess between two platform accounts linked in two servers", async () => {
    const carolId = fake.createMember(fake.createGuild({ name: "Third" }).id, { username: "carol" }).id;
    for (const [guildId, platformUserId] of [
      ["100000000000000001", "usr_carol"],
      ["100000000000000002", "usr_other"],
    ] as const) {
      await saveMemberLink(linkedRoles.deps.db, linkedRoles.deps.secretBox, {
        guildId,
        userId: carolId,
        platformUserId,
        platformUsername: platformUserId,
        credentialKind: "api_key",
        credential: { accessToken: `key-of-${platformUserId}` },
        now: Date.now(),
      });
    }
    const { authorizeUrl, browser } = await linkedRoles.open();
    const page = await linkedRoles.callback(fake.oauth2.approve(authorizeUrl, carolId), browser);
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain("You linked different platform accounts in different servers");
    expect(fake.oauth2.roleConnection(carolId)).toBeUndefined();
  });

  it("says a server link needing renewal needs renewing, and clears what the profile showed", async () => {
    const guildId = fake.createGuild({ name: "Sixth" }).id;
    const gusId = fake.createMember(guildId, { username: "gus" }).id;
    const link = {
      guildId,
      userId: gusId,
      platformUserId: "usr_gus",
      platformUsername: "gus",
      credentialKind: "api_key" as const,
      credential: { accessToken: "key-of-gus" },
      now: Date.now(),
    };
    await saveMemberLink(linkedRoles.deps.db, linkedRoles.deps.secretBox, link);
    // The link's credential stops working (a refresh refused): the member must link again in that server.
    await linkedRoles.deps.db
      .updateTable("member_links")
      .set({ status: "reauth_needed" })
      .where("user_id", "=", gusId)
      .execute();

    const { authorizeUrl, browser } = await linkedRoles.open();
    const page = await linkedRoles.callback(fake.oauth2.approve(authorizeUrl, gusId), browser);
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain("Your platform link needs renewing");
    // Cleared, as Discord's docs describe: whatever an earlier verification showed meets no requirement now.
    expect(fake.oauth2.roleConnectionWrites(gusId)).toEqual([
      { platform_name: null, platform_username: null, metadata: {} },
    ]);
  });

  it("answers a client address past its starts a minute with a page and no state, and others as before", async () => {
    const states = async () =>
      (await linkedRoles.deps.db.selectFrom("linked_role_states").select("state_hash").execute()).length;
    const start = (remoteAddress: string, forwardedFor?: string) =>
      linkedRoles.app.inject({
        method: "GET",
        url: "/oauth/linked-roles",
        remoteAddress,
        headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
      });
    const before = await states();
    for (let started = 0; started < linkedRolesStartsPerMinute; started += 1) {
      expect((await start("198.51.100.7")).statusCode).toBe(303);
    }
    // X-Forwarded-For is not believed from a proxy nobody listed in TRUSTED_PROXIES.
    const refused = await start("198.51.100.7", "203.0.113.9");
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["content-type"]).toMatch(/^text\/html/);
    expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
    expect(refused.body).toContain("Too many sign-ins were started from your network in the last minute.");
    expect(refused.cookies).toEqual([]);
    expect(await states()).toBe(before + linkedRolesStartsPerMinute);
    expect((await start("198.51.100.8")).statusCode).toBe(303);
  });
});
