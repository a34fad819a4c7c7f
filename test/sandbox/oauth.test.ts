// The sandbox's OAuth authorization code flow as a bot and a browser take it: the consent page, the code
// exchanged in either body format, scopes as permission levels, refresh with rotation, and PKCE.
import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useOAuthSandbox, redirectUri } from "./support/oauth-sandbox.js";

const { world, authorizeUrl, approve, token, exchange } = useOAuthSandbox();

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
    const me = await world.sandbox.call("GET", "/v1/users/me", { key: tokens.body.access_token });
    expect(me.body.username).toBe("carol");
    const battle = await world.sandbox.call("POST", "/v1/battles", {
      key: tokens.body.access_token,
      body: { type: "practice", difficulty: "easy", language: "python" },
    });
    expect(battle.status).toBe(201);
  });

  it("exchanges a code sent as a form body, with the client authenticated by HTTP Basic", async () => {
    const code = (await approve("bob")).searchParams.get("code") ?? "";
    const response = await fetch(`${world.sandbox.url}/oauth/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`${world.client.clientId}:${world.client.clientSecret}`).toString("base64")}`,
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
    const battle = await world.sandbox.call("POST", "/v1/battles", {
      key: tokens.body.access_token,
      body: { type: "practice", difficulty: "easy", language: "python" },
    });
    expect(battle.status).toBe(403);
  });

  it("expires access tokens and refreshes them with a new refresh token, spending the old one", async () => {
    const code = (await approve("dave")).searchParams.get("code") ?? "";
    const first = await token(exchange(code));
    world.sandbox.clock.advance(600_000);
    const expired = await world.sandbox.call("GET", "/v1/users/me", { key: first.body.access_token });
    expect(expired.status).toBe(401);
    expect(expired.body.error.message).toContain("expired");

    const refreshBody = {
      grant_type: "refresh_token",
      refresh_token: first.body.refresh_token,
      client_id: world.client.clientId,
      client_secret: world.client.clientSecret,
    };
    const refreshed = await token(refreshBody, "form");
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(first.body.refresh_token);
    expect(
      (await world.sandbox.call("GET", "/v1/users/me", { key: refreshed.body.access_token })).body.username,
    ).toBe("dave");
    const replay = await token(refreshBody);
    expect(replay).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });

  it("redirects with access_denied when the user presses Deny", async () => {
    const page = await world.sandbox.call("GET", authorizeUrl({}));
    const html: string = page.body;
    const requestId = /name="request_id" value="([^"]+)"/.exec(html)?.[1] ?? "";
    const denied = await fetch(`${world.sandbox.url}/oauth/authorize/decision`, {
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
    await world.sandbox.call("POST", "/sandbox/oauth/auto-approve", { body: { enabled: true } });
    const response = await world.sandbox.call("GET", authorizeUrl({ login_hint: "erin" }));
    expect(response.status).toBe(302);
    const code = new URL(response.headers.get("location") ?? "").searchParams.get("code") ?? "";
    const tokens = await token(exchange(code));
    expect(
      (await world.sandbox.call("GET", "/v1/users/me", { key: tokens.body.access_token })).body.username,
    ).toBe("erin");
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
