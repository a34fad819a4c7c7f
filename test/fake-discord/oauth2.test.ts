// OAuth2 for users in the fake Discord, over real HTTP, as Discord's OAuth2 topic documents it: the consent
// page and its redirects, the code exchange with PKCE, refresh, revocation, expiry on the fake's clock, and
// the bearer-token routes with their scopes.
import { createHash } from "node:crypto";
import { OAuth2Routes, OAuth2Scopes, Routes } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";

const redirectUri = "http://127.0.0.1:9/linked-roles/callback";
const verifier = "a-verifier-of-at-least-forty-three-characters-long-0123456789";
const challenge = createHash("sha256").update(verifier).digest("base64url");

describe("the fake Discord's OAuth2 for users", () => {
  const clock = new ManualClock(Date.now());
  let fake: FakeDiscord;
  let aliceId: string;
  const api = (route: string) => `${fake.apiUrl}/v10${route}`;
  const authorizeUrl = (query: Record<string, string>) =>
    `${OAuth2Routes.authorizationURL}?${new URLSearchParams({
      client_id: fake.oauth2.clientId,
      response_type: "code",
      redirect_uri: redirectUri,
      ...query,
    }).toString()}`;
  const basic = () =>
    `Basic ${Buffer.from(`${fake.oauth2.clientId}:${fake.oauth2.clientSecret}`).toString("base64")}`;
  const postForm = async (route: string, fields: Record<string, string>, authorization = basic()) => {
    const response = await fetch(api(route), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization },
      body: new URLSearchParams(fields),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const getAs = async (route: string, token: string) => {
    const response = await fetch(api(route), { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const codeFor = (scope: string, extra: Record<string, string> = {}) =>
    new URL(fake.oauth2.approve(authorizeUrl({ scope, ...extra }), aliceId)).searchParams.get("code")!;
  const exchange = (code: string, extra: Record<string, string> = {}) =>
    postForm(Routes.oauth2TokenExchange(), {
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      ...extra,
    });

  beforeAll(async () => {
    fake = await createFakeDiscord({ clock, oauth2: { redirectUris: [redirectUri] } });
    const guild = fake.createGuild({ name: "Arena" });
    aliceId = fake.createMember(guild.id, { username: "alice" }).id;
  });
  afterAll(async () => {
    await fake.close();
  });

  it("shows a consent page that redirects with code and state, or with access_denied on Cancel", async () => {
    const url = authorizeUrl({ scope: "identify role_connections.write", state: "s-1" }).replace(
      "https://discord.com/api",
      fake.apiUrl,
    );
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("alice");
    expect(html).toContain("role_connections.write");
    const decide = (decision: string) =>
      fetch(url, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ decision, user_id: aliceId }),
      });
    const approved = new URL((await decide("authorize")).headers.get("location")!);
    expect(`${approved.origin}${approved.pathname}`).toBe(redirectUri);
    expect(approved.searchParams.get("state")).toBe("s-1");
    expect(approved.searchParams.get("iss")).toBe("https://discord.com");
    expect(approved.searchParams.get("code")).toMatch(/^[\w-]{20,}$/);
    const denied = new URL((await decide("cancel")).headers.get("location")!);
    expect(Object.fromEntries(denied.searchParams)).toMatchObject({ error: "access_denied", state: "s-1" });
  });

  it("never redirects to an unregistered redirect_uri, and sends a bad scope back as invalid_scope", async () => {
    const page = await fetch(
      `${fake.apiUrl}/v10/oauth2/authorize?${new URLSearchParams({
        client_id: fake.oauth2.clientId,
        response_type: "code",
        redirect_uri: "http://127.0.0.1:9/elsewhere",
        scope: "identify",
      }).toString()}`,
      { redirect: "manual" },
    );
    expect(page.status).toBe(400);
    expect(page.headers.get("location")).toBeNull();
    const refused = new URL(
      fake.oauth2.approve(authorizeUrl({ scope: "identify telepathy", state: "x" }), aliceId),
    );
    expect(Object.fromEntries(refused.searchParams)).toMatchObject({ error: "invalid_scope", state: "x" });
  });

  it("exchanges a code once, for its redirect_uri and PKCE verifier, and a reused code revokes what it gave", async () => {
    const code = codeFor("identify", { code_challenge: challenge, code_challenge_method: "S256" });
    expect(await exchange(code, { code_verifier: `${verifier}x` })).toMatchObject({
      status: 400,
      body: { error: "invalid_grant" },
    });
    expect(
      await exchange(code, { code_verifier: verifier, redirect_uri: "http://127.0.0.1:9/elsewhere" }),
    ).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    const tokens = await exchange(code, { code_verifier: verifier });
    expect(tokens).toMatchObject({
      status: 200,
      body: { token_type: "Bearer", expires_in: 604_800, scope: "identify" },
    });
    const accessToken = String(tokens.body.access_token);
    expect((await getAs(Routes.user("@me"), accessToken)).body).toMatchObject({
      id: aliceId,
      username: "alice",
    });
    expect(await exchange(code, { code_verifier: verifier })).toMatchObject({
      status: 400,
      body: { error: "invalid_grant" },
    });
    expect((await getAs(Routes.user("@me"), accessToken)).status).toBe(401);
  });

  it("answers invalid_client to a wrong secret, and takes the credentials in the form body too", async () => {
    const wrong = `Basic ${Buffer.from(`${fake.oauth2.clientId}:nope`).toString("base64")}`;
    expect(
      await postForm(
        Routes.oauth2TokenExchange(),
        { grant_type: "authorization_code", code: codeFor("identify") },
        wrong,
      ),
    ).toEqual({
      status: 401,
      body: { error: "invalid_client", error_description: expect.any(String) as unknown },
    });
    const inBody = await postForm(
      Routes.oauth2TokenExchange(),
      {
        grant_type: "authorization_code",
        code: codeFor("identify"),
        redirect_uri: redirectUri,
        client_id: fake.oauth2.clientId,
        client_secret: fake.oauth2.clientSecret,
      },
      "",
    );
    expect(inBody.status).toBe(200);
  });

  it("enforces scopes on @me: identify for the user, and /oauth2/@me leaves the user out without it", async () => {
    const { body } = await exchange(codeFor(OAuth2Scopes.RoleConnectionsWrite));
    const token = String(body.access_token);
    expect(await getAs(Routes.user("@me"), token)).toMatchObject({ status: 403, body: { code: 50026 } });
    const authorization = await getAs(Routes.oauth2CurrentAuthorization(), token);
    expect(authorization.body).toMatchObject({
      application: { id: fake.oauth2.clientId },
      scopes: ["role_connections.write"],
      expires: new Date(clock.now() + 604_800_000).toISOString(),
    });
    expect(authorization.body).not.toHaveProperty("user");
    const withIdentify = await exchange(codeFor("identify"));
    expect(
      await getAs(Routes.oauth2CurrentAuthorization(), String(withIdentify.body.access_token)),
    ).toMatchObject({
      body: { user: { id: aliceId } },
    });
    expect(await getAs(Routes.oauth2CurrentAuthorization(), "not-a-token")).toEqual({
      status: 401,
      body: { message: "401: Unauthorized", code: 0 },
    });
    const asBot = await fetch(api(Routes.user("@me")), {
      headers: { authorization: `Bot ${fake.botToken}` },
    });
    expect(await asBot.json()).toMatchObject({ id: fake.botUser.id, bot: true });
  });

  it("expires access tokens and codes on the fake's clock, and a refresh replaces the pair", async () => {
    const staleCode = codeFor("identify");
    const { body } = await exchange(codeFor("identify"));
    clock.advance(604_800_000);
    expect((await getAs(Routes.user("@me"), String(body.access_token))).status).toBe(401);
    expect(await exchange(staleCode)).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    const refresh = (token: unknown) =>
      postForm(Routes.oauth2TokenExchange(), { grant_type: "refresh_token", refresh_token: String(token) });
    const refreshed = await refresh(body.refresh_token);
    expect(refreshed).toMatchObject({ status: 200, body: { expires_in: 604_800, scope: "identify" } });
    expect((await getAs(Routes.user("@me"), String(refreshed.body.access_token))).status).toBe(200);
    expect(await refresh(body.refresh_token)).toMatchObject({
      status: 400,
      body: { error: "invalid_grant" },
    });
  });

  it("revokes both tokens of a grant given either, and answers 200 to a token it does not know", async () => {
    const { body } = await exchange(codeFor("identify"));
    const revoke = (token: string) => postForm(Routes.oauth2TokenRevocation(), { token });
    expect(await revoke("unknown")).toEqual({ status: 200, body: {} });
    expect((await revoke(String(body.refresh_token))).status).toBe(200);
    expect((await getAs(Routes.user("@me"), String(body.access_token))).status).toBe(401);
    expect(
      await postForm(Routes.oauth2TokenExchange(), {
        grant_type: "refresh_token",
        refresh_token: String(body.refresh_token),
      }),
    ).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });
});
