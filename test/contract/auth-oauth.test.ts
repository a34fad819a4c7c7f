// Contract: the OAuth helpers of src/oauth against the sandbox's authorization server, and the access
// tokens they obtain used as Bearer credentials by the API client (the platform's API reference,
// "OAuth 2.0").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBattle, getCurrentUser, type PlatformCredential } from "../../src/api/index.js";
import {
  createAuthorizationRequest,
  exchangeAuthorizationCode,
  OAuthError,
  refreshAccessToken,
  revokeToken,
  type TokenRequestFormat,
  type TokenSet,
} from "../../src/oauth/index.js";
import type { RegisteredClient } from "../../sandbox/oauth/clients.js";
import { hashSecret } from "../../sandbox/ids.js";
import type { OAuthGrant } from "../../sandbox/state.js";
import { startContractSandbox, type ContractWorld } from "./support/contract-sandbox.js";
import { catchPlatformError } from "./support/platform-error.js";

const redirectUri = "http://127.0.0.1:3000/oauth/callback";
const accessTokenTtlSeconds = 600;
let world: ContractWorld;
let client: RegisteredClient;

beforeAll(async () => {
  world = await startContractSandbox({ autoApprove: true, oauth: { accessTokenTtlSeconds } });
  world.sandbox.control.setAutoApprove(true, "carol");
  client = world.sandbox.oauthClient!;
});
afterAll(async () => {
  await world.close();
});

function endpoint(format: TokenRequestFormat) {
  return {
    tokenUrl: world.sandbox.url,
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    format,
    clock: world.clock,
  };
}

/** Steps 2 and 3 of the flow: authorize (auto-approved, so the redirect carries the code) and exchange. */
async function authorize(scopes: string[], format: TokenRequestFormat): Promise<TokenSet> {
  const request = await createAuthorizationRequest({
    authUrl: world.sandbox.url,
    clientId: client.clientId,
    redirectUri,
    scopes,
  });
  const answer = await fetch(request.url, { redirect: "manual" });
  expect(answer.status).toBe(302);
  const callback = new URL(answer.headers.get("location") ?? "");
  expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
  expect(callback.searchParams.get("state")).toBe(request.state);
  return exchangeAuthorizationCode({
    ...endpoint(format),
    code: callback.searchParams.get("code") ?? "",
    redirectUri,
    codeVerifier: request.codeVerifier,
    requestedScopes: scopes,
  });
}

function grantOf(accessToken: string): OAuthGrant {
  const hash = hashSecret(accessToken);
  const grant = [...world.sandbox.state.oauthGrants.values()].find(
    (candidate) => candidate.accessTokenHash === hash,
  );
  if (grant === undefined) throw new Error("the sandbox holds no grant for this access token");
  return grant;
}

const bearer = (tokens: TokenSet): PlatformCredential => ({ token: tokens.accessToken });

describe("OAuth access tokens as Bearer credentials", () => {
  it.each(["json", "form"] as const)(
    "exchanges the code with a %s body and calls the API as the approving user",
    async (format) => {
      const tokens = await authorize(["read:profile", "write:battles"], format);
      const grant = grantOf(tokens.accessToken);
      expect(tokens).toEqual({
        accessToken: expect.any(String),
        refreshToken: expect.any(String),
        expiresAt: grant.accessExpiresAt,
        scopes: ["read:profile", "write:battles"],
      });
      expect(tokens.expiresAt).toBe(world.clock.now() + accessTokenTtlSeconds * 1000);
      expect(grant.userId).toBe(world.user("carol").id);

      const me = await getCurrentUser(world.http, bearer(tokens));
      expect(me).toMatchObject({ id: world.user("carol").id, username: "carol" });
      const battle = await createBattle(world.http, bearer(tokens), {
        type: "practice",
        difficulty: "easy",
        language: "cpp",
        timeLimit: 600,
        participants: 2,
      });
      expect(world.sandbox.state.battles.get(battle.id)?.creatorId).toBe(world.user("carol").id);
    },
  );

  it("refuses a write with a token granted only read scopes (403)", async () => {
    const tokens = await authorize(["read:profile"], "json");
    await expect(getCurrentUser(world.http, bearer(tokens))).resolves.toMatchObject({ username: "carol" });
    const error = await catchPlatformError(
      createBattle(world.http, bearer(tokens), {
        type: "practice",
        difficulty: "easy",
        language: "cpp",
        timeLimit: 600,
        participants: 2,
      }),
    );
    expect(error).toMatchObject({ status: 403, code: "FORBIDDEN" });
  });

  it("answers an expired access token with 401, and a refreshed one works again", async () => {
    const tokens = await authorize(["read:profile"], "form");
    world.clock.advance(accessTokenTtlSeconds * 1000);
    const error = await catchPlatformError(getCurrentUser(world.http, bearer(tokens)));
    expect(error).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
    expect(error.requestId).toMatch(/^req_/);

    const refreshed = await refreshAccessToken({ ...endpoint("form"), refreshToken: tokens.refreshToken! });
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.expiresAt).toBe(world.clock.now() + accessTokenTtlSeconds * 1000);
    expect(refreshed.scopes).toEqual(["read:profile"]);
    await expect(getCurrentUser(world.http, bearer(refreshed))).resolves.toMatchObject({ username: "carol" });
  });

  it("spends the refresh token on refresh and stops a revoked token working", async () => {
    const tokens = await authorize(["read:profile", "write:battles"], "json");
    const refreshed = await refreshAccessToken({ ...endpoint("json"), refreshToken: tokens.refreshToken! });
    expect(refreshed.refreshToken).toBeDefined();
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);

    const reuse = refreshAccessToken({ ...endpoint("json"), refreshToken: tokens.refreshToken! });
    await expect(reuse).rejects.toBeInstanceOf(OAuthError);
    await expect(reuse).rejects.toMatchObject({ code: "invalid_grant", status: 400 });

    await expect(getCurrentUser(world.http, bearer(refreshed))).resolves.toMatchObject({ username: "carol" });
    await expect(revokeToken({ ...endpoint("json"), token: refreshed.accessToken })).resolves.toBe(true);
    const error = await catchPlatformError(getCurrentUser(world.http, bearer(refreshed)));
    expect(error).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
    // The grant's refresh token went with it.
    const after = refreshAccessToken({ ...endpoint("json"), refreshToken: refreshed.refreshToken! });
    await expect(after).rejects.toMatchObject({ code: "invalid_grant" });
  });

  it("revokes with a form body too", async () => {
    const tokens = await authorize(["read:profile"], "form");
    await expect(
      revokeToken({ ...endpoint("form"), token: tokens.refreshToken!, tokenTypeHint: "refresh_token" }),
    ).resolves.toBe(true);
    const error = await catchPlatformError(getCurrentUser(world.http, bearer(tokens)));
    expect(error.status).toBe(401);
  });
});
