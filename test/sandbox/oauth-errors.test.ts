// The sandbox's OAuth errors: its token endpoint's (RFC 6749 §5.2, revocation and expiry controls) and its
// authorize endpoint's, which redirect back only to a registered client's own redirect_uri.
import { describe, expect, it } from "vitest";
import { useOAuthSandbox, redirectUri } from "./support/oauth-sandbox.js";

const { world, authorizeUrl, approve, token, exchange } = useOAuthSandbox();

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
    expect((await world.sandbox.call("GET", "/v1/users/me", { key: first.body.access_token })).status).toBe(
      401,
    );
  });

  it("refuses a wrong client secret with 401 invalid_client", async () => {
    const code = (await approve("bob")).searchParams.get("code") ?? "";
    const response = await token(exchange(code, { client_secret: "wrong" }));
    expect(response).toMatchObject({ status: 401, body: { error: "invalid_client" } });
  });

  it("refuses an unknown grant type and a missing one", async () => {
    const base = { client_id: world.client.clientId, client_secret: world.client.clientSecret };
    expect(await token({ ...base, grant_type: "password" })).toMatchObject({
      body: { error: "unsupported_grant_type" },
    });
    expect(await token(base)).toMatchObject({ body: { error: "invalid_request" } });
  });

  it("ends a user's access tokens early on request, and their refresh tokens still work", async () => {
    const code = (await approve("dave")).searchParams.get("code") ?? "";
    const first = await token(exchange(code));
    const ended = await world.sandbox.call("POST", "/sandbox/oauth/expire-access-tokens", {
      body: { username: "dave" },
    });
    expect(ended.body).toEqual({ expired: 1 });
    const refused = await world.sandbox.call("GET", "/v1/users/me", { key: first.body.access_token });
    expect(refused.status).toBe(401);

    const refreshed = await token({
      grant_type: "refresh_token",
      refresh_token: first.body.refresh_token,
      client_id: world.client.clientId,
      client_secret: world.client.clientSecret,
    });
    expect(refreshed.status).toBe(200);
    expect(
      (await world.sandbox.call("GET", "/v1/users/me", { key: refreshed.body.access_token })).body.username,
    ).toBe("dave");
  });

  it("leaves expires_in out of token answers while told to, and puts it back", async () => {
    await world.sandbox.call("POST", "/sandbox/oauth/expires-in", { body: { report: false } });
    const code = (await approve("dave")).searchParams.get("code") ?? "";
    const tokens = await token(exchange(code));
    expect(tokens.status).toBe(200);
    expect(tokens.body).not.toHaveProperty("expires_in");
    expect(tokens.body).toHaveProperty("refresh_token");

    await world.sandbox.call("POST", "/sandbox/oauth/expires-in", { body: { report: true } });
    const refreshed = await token({
      grant_type: "refresh_token",
      refresh_token: tokens.body.refresh_token,
      client_id: world.client.clientId,
      client_secret: world.client.clientSecret,
    });
    expect(refreshed.body.expires_in).toBe(600);
  });

  it("revokes a token at /oauth/revoke", async () => {
    const code = (await approve("bob")).searchParams.get("code") ?? "";
    const tokens = await token(exchange(code));
    const response = await fetch(`${world.sandbox.url}/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        token: tokens.body.refresh_token,
        client_id: world.client.clientId,
        client_secret: world.client.clientSecret,
      }),
    });
    expect(response.status).toBe(200);
    expect((await world.sandbox.call("GET", "/v1/users/me", { key: tokens.body.access_token })).status).toBe(
      401,
    );
  });
});

describe("authorize endpoint errors", () => {
  it("shows an error page, not a redirect, for an unregistered redirect_uri", async () => {
    const response = await world.sandbox.call(
      "GET",
      authorizeUrl({ redirect_uri: "http://127.0.0.1:3999/oauth/callback/" }),
    );
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
    expect(response.body).toContain("redirect_uri");
  });

  it("shows an error page for an unknown client", async () => {
    const response = await world.sandbox.call("GET", authorizeUrl({ client_id: "nobody" }));
    expect(response.status).toBe(400);
  });

  it("redirects back with unsupported_response_type and invalid_scope", async () => {
    const badType = await world.sandbox.call("GET", authorizeUrl({ response_type: "token" }));
    expect(new URL(badType.headers.get("location") ?? "").searchParams.get("error")).toBe(
      "unsupported_response_type",
    );
    const badScope = await world.sandbox.call("GET", authorizeUrl({ scope: "everything" }));
    const location = new URL(badScope.headers.get("location") ?? "");
    expect(location.searchParams.get("error")).toBe("invalid_scope");
    expect(location.searchParams.get("state")).toBe("state-123");
  });
});
