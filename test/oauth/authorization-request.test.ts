import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createAuthorizationRequest } from "../../src/oauth/authorization-request.js";

const options = {
  authUrl: "https://auth.platform.example/",
  clientId: "client_bot",
  redirectUri: "https://bot.example/oauth/callback",
  scopes: ["read:profile", "write:battles"],
};

describe("createAuthorizationRequest", () => {
  it("points at {auth_url}/oauth/authorize with the spec's parameters and plus-separated scopes", async () => {
    const request = await createAuthorizationRequest(options);
    const url = new URL(request.url);
    expect(`${url.origin}${url.pathname}`).toBe("https://auth.platform.example/oauth/authorize");
    expect(url.searchParams.get("client_id")).toBe("client_bot");
    expect(url.searchParams.get("redirect_uri")).toBe("https://bot.example/oauth/callback");
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("scope")).toBe("read:profile write:battles");
    expect(url.search).toContain("scope=read%3Aprofile+write%3Abattles");
    expect(url.searchParams.get("state")).toBe(request.state);
  });

  it("adds a PKCE S256 challenge that the verifier reproduces", async () => {
    const request = await createAuthorizationRequest(options);
    const url = new URL(request.url);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    const expected = createHash("sha256").update(request.codeVerifier).digest("base64url");
    expect(url.searchParams.get("code_challenge")).toBe(expected);
    expect(request.codeVerifier).toMatch(/^[A-Za-z0-9\-._~]{43,128}$/);
    expect(request.url).not.toContain(request.codeVerifier);
  });

  it("makes a fresh state of at least 128 random bits each time", async () => {
    const first = await createAuthorizationRequest(options);
    const second = await createAuthorizationRequest(options);
    expect(first.state).not.toBe(second.state);
    expect(first.codeVerifier).not.toBe(second.codeVerifier);
    // base64url carries 6 bits per character: 22 characters hold 132 bits.
    expect(first.state).toMatch(/^[A-Za-z0-9_-]{22,}$/);
  });

  it("uses a state given by the caller", async () => {
    const request = await createAuthorizationRequest({ ...options, state: "state_from_store_0123456789" });
    expect(request.state).toBe("state_from_store_0123456789");
    expect(new URL(request.url).searchParams.get("state")).toBe("state_from_store_0123456789");
  });
});
