import { createHash, randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTestSandbox, type ApiResponse, type JsonAnswer, type TestSandbox } from "./support/sandbox.js";

const redirectUri = "http://127.0.0.1:3999/oauth/callback";
let test: TestSandbox;
let client: { clientId: string; clientSecret: string };

beforeEach(async () => {
  test = await startTestSandbox({ oauth: { accessTokenTtlSeconds: 600 } });
  const response = await test.call("POST", "/sandbox/oauth/clients", {
    body: { name: "Test bot", redirectUris: [redirectUri] },
  });
  client = response.body;
});
afterEach(async () => {
  await test.close();
});

function authorizeUrl(parameters: Record<string, string>): string {
  const query = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: "read:profile write:battles",
    state: "state-123",
    ...parameters,
  });
  return `/oauth/authorize?${query.toString()}`;
}

/** Opens the consent page, then presses Approve as `username`, like a browser would. */
async function approve(username: string, parameters: Record<string, string> = {}): Promise<URL> {
  const page = await test.call("GET", authorizeUrl(parameters));
  expect(page.status).toBe(200);
  expect(page.body).toContain("Approve");
  const html: string = page.body;
  const requestId = /name="request_id" value="([^"]+)"/.exec(html)?.[1] ?? "";
  const decision = await fetch(`${test.url}/oauth/authorize/decision`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ request_id: requestId, username, decision: "approve" }).toString(),
    redirect: "manual",
  });
  expect(decision.status).toBe(302);
  return new URL(decision.headers.get("location") ?? "");
}

async function token(
  parameters: Record<string, string>,
  format: "json" | "form" = "json",
): Promise<ApiResponse> {
  const response = await fetch(`${test.url}/oauth/token`, {
    method: "POST",
    headers: { "content-type": format === "json" ? "application/json" : "application/x-www-form-urlencoded" },
    body: format === "json" ? JSON.stringify(parameters) : new URLSearchParams(parameters).toString(),
  });
  const body: JsonAnswer = await response.json();
  return { status: response.status, body, headers: response.headers };
}

function exchange(code: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    grant_type: "authorization_code",
    code,
    redirect_uri: redirectUri,
    client_id: client.clientId,
    client_secret: client.clientSecret,
    ...extra,
  };
}

describe("authorization code flow", () => {
  it("approves, exchanges the code (JSON body) and calls the API as the approving user", async () => {
    const callback = await approve("carol");
    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
    expect(callback.searchParams.get("state")).toBe("state-123");
    const code = callback.searchParams.get("code") ?? "";

    const tokens = await token(exchange(code));
    expect(tokens.status).toBe(200);
    expect(tokens.headers.get("cache-control")).toBe("no-store");
    expect(tokens.body).toEqual({
      access_token: expect.any(String),
      token_type: "Bearer",
      expires_in: 600,
      refresh_token: expect.any(String),
      scope: "read:profile write:battles",
    });
    const me = await test.call("GET", "/v1/users/me", { key: tokens.body.access_token });
    expect(me.body.username).toBe("carol");
    const battle = await test.call("POST", "/v1/battles", {
      key: tokens.body.access_token,
      body: { type: "practice", difficulty: "easy", language: "python" },
    });
    expect(battle.status).toBe(201);
  });

  it("exchanges a code sent as a form body, with the client authenticated by HTTP Basic", async () => {
    const code = (await approve("bob")).searchParams.get("code") ?? "";
    const response = await fetch(`${test.url}/oauth/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString("base64")}`,
      },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: redirectUri,
      }).toString(),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { token_type: string }).token_type).toBe("Bearer");
  });

  it("gives read-only access to a token with only read scopes", async () => {
    const code = (await approve("bob", { scope: "read:profile" })).searchParams.get("code") ?? "";
    const tokens = await token(exchange(code), "form");
    const battle = await test.call("POST", "/v1/battles", {
      key: tokens.body.access_token,
      body: { type: "practice", difficulty: "easy", language: "python" },
    });
    expect(battle.status).toBe(403);
  });

  it("expires access tokens and refreshes them with a new refresh token, spending the old one", async () => {
    const code = (await approve("dave")).searchParams.get("code") ?? "";
    const first = await token(exchange(code));
    test.clock.advance(600_000);
    const expired = await test.call("GET", "/v1/users/me", { key: first.body.access_token });
    expect(expired.status).toBe(401);
    expect(expired.body.error.message).toContain("expired");

    const refreshBody = {
      grant_type: "refresh_token",
      refresh_token: first.body.refresh_token,
      client_id: client.clientId,
      client_secret: client.clientSecret,
    };
    const refreshed = await token(refreshBody, "form");
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(first.body.refresh_token);
    expect((await test.call("GET", "/v1/users/me", { key: refreshed.body.access_token })).body.username).toBe(
      "dave",
    );
    const replay = await token(refreshBody);
    expect(replay).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });

  it("redirects with access_denied when the user presses Deny", async () => {
    const page = await test.call("GET", authorizeUrl({}));
    const html: string = page.body;
    const requestId = /name="request_id" value="([^"]+)"/.exec(html)?.[1] ?? "";
    const denied = await fetch(`${test.url}/oauth/authorize/decision`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ request_id: requestId, username: "bob", decision: "deny" }).toString(),
      redirect: "manual",
    });
    const location = new URL(denied.headers.get("location") ?? "");
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.searchParams.get("state")).toBe("state-123");
  });

  it("approves at once with auto-approve on, as the login_hint user", async () => {
    await test.call("POST", "/sandbox/oauth/auto-approve", { body: { enabled: true } });
    const response = await test.call("GET", authorizeUrl({ login_hint: "erin" }));
    expect(response.status).toBe(302);
    const code = new URL(response.headers.get("location") ?? "").searchParams.get("code") ?? "";
    const tokens = await token(exchange(code));
    expect((await test.call("GET", "/v1/users/me", { key: tokens.body.access_token })).body.username).toBe(
      "erin",
    );
  });
});

describe("PKCE", () => {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");

  it("accepts the matching code_verifier for an S256 challenge", async () => {
    const code =
      (await approve("bob", { code_challenge: challenge, code_challenge_method: "S256" })).searchParams.get(
        "code",
      ) ?? "";
    const tokens = await token(exchange(code, { code_verifier: verifier }));
    expect(tokens.status).toBe(200);
  });

  it("refuses a code_verifier that does not match, and a missing one, with invalid_grant", async () => {
    const code =
      (await approve("bob", { code_challenge: challenge, code_challenge_method: "S256" })).searchParams.get(
        "code",
      ) ?? "";
    const wrong = await token(exchange(code, { code_verifier: randomBytes(32).toString("base64url") }));
    expect(wrong).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    const missing = await token(exchange(code));
    expect(missing).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });
});

describe("token endpoint errors (RFC 6749 §5.2)", () => {
  it("refuses a redirect_uri that differs from the authorization request", async () => {
    const code = (await approve("bob")).searchParams.get("code") ?? "";
    const response = await token(exchange(code, { redirect_uri: `${redirectUri}/other` }));
    expect(response).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });

  it("refuses a code used twice, and revokes the tokens it gave", async () => {
    const code = (await approve("bob")).searchParams.get("code") ?? "";
    const first = await token(exchange(code));
    const second = await token(exchange(code));
    expect(second).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    expect((await test.call("GET", "/v1/users/me", { key: first.body.access_token })).status).toBe(401);
  });

  it("refuses a wrong client secret with 401 invalid_client", async () => {
    const code = (await approve("bob")).searchParams.get("code") ?? "";
    const response = await token(exchange(code, { client_secret: "wrong" }));
    expect(response).toMatchObject({ status: 401, body: { error: "invalid_client" } });
  });

  it("refuses an unknown grant type and a missing one", async () => {
    const base = { client_id: client.clientId, client_secret: client.clientSecret };
    expect(await token({ ...base, grant_type: "password" })).toMatchObject({
      body: { error: "unsupported_grant_type" },
    });
    expect(await token(base)).toMatchObject({ body: { error: "invalid_request" } });
  });

  it("ends a user's access tokens early on request, and their refresh tokens still work", async () => {
    const code = (await approve("dave")).searchParams.get("code") ?? "";
    const first = await token(exchange(code));
    const ended = await test.call("POST", "/sandbox/oauth/expire-access-tokens", {
      body: { username: "dave" },
    });
    expect(ended.body).toEqual({ expired: 1 });
    const refused = await test.call("GET", "/v1/users/me", { key: first.body.access_token });
    expect(refused.status).toBe(401);

    const refreshed = await token({
      grant_type: "refresh_token",
      refresh_token: first.body.refresh_token,
      client_id: client.clientId,
      client_secret: client.clientSecret,
    });
    expect(refreshed.status).toBe(200);
    expect((await test.call("GET", "/v1/users/me", { key: refreshed.body.access_token })).body.username).toBe(
      "dave",
    );
  });

  it("leaves expires_in out of token answers while told to, and puts it back", async () => {
    await test.call("POST", "/sandbox/oauth/expires-in", { body: { report: false } });
    const code = (await approve("dave")).searchParams.get("code") ?? "";
    const tokens = await token(exchange(code));
    expect(tokens.status).toBe(200);
    expect(tokens.body).not.toHaveProperty("expires_in");
    expect(tokens.body).toHaveProperty("refresh_token");

    await test.call("POST", "/sandbox/oauth/expires-in", { body: { report: true } });
    const refreshed = await token({
      grant_type: "refresh_token",
      refresh_token: tokens.body.refresh_token,
      client_id: client.clientId,
      client_secret: client.clientSecret,
    });
    expect(refreshed.body.expires_in).toBe(600);
  });

  it("revokes a token at /oauth/revoke", async () => {
    const code = (await approve("bob")).searchParams.get("code") ?? "";
    const tokens = await token(exchange(code));
    const response = await fetch(`${test.url}/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        token: tokens.body.refresh_token,
        client_id: client.clientId,
        client_secret: client.clientSecret,
      }),
    });
    expect(response.status).toBe(200);
    expect((await test.call("GET", "/v1/users/me", { key: tokens.body.access_token })).status).toBe(401);
  });
});

describe("authorize endpoint errors", () => {
  it("shows an error page, not a redirect, for an unregistered redirect_uri", async () => {
    const response = await test.call(
      "GET",
      authorizeUrl({ redirect_uri: "http://127.0.0.1:3999/oauth/callback/" }),
    );
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
    expect(response.body).toContain("redirect_uri");
  });

  it("shows an error page for an unknown client", async () => {
    const response = await test.call("GET", authorizeUrl({ client_id: "nobody" }));
    expect(response.status).toBe(400);
  });

  it("redirects back with unsupported_response_type and invalid_scope", async () => {
    const badType = await test.call("GET", authorizeUrl({ response_type: "token" }));
    expect(new URL(badType.headers.get("location") ?? "").searchParams.get("error")).toBe(
      "unsupported_response_type",
    );
    const badScope = await test.call("GET", authorizeUrl({ scope: "everything" }));
    const location = new URL(badScope.headers.get("location") ?? "");
    expect(location.searchParams.get("error")).toBe("invalid_scope");
    expect(location.searchParams.get("state")).toBe("state-123");
  });
});
