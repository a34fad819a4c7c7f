import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PlatformUnavailableError } from "../../src/api/errors.js";
import { ManualClock } from "../../src/clock.js";
import { createAuthorizationRequest } from "../../src/oauth/authorization-request.js";
import { OAuthError } from "../../src/oauth/errors.js";
import type { TokenRequestFormat } from "../../src/oauth/token-endpoint.js";
import { exchangeAuthorizationCode, refreshAccessToken, revokeToken } from "../../src/oauth/tokens.js";
import { clientId, clientSecret, startOAuthFixture, type OAuthFixture } from "./oauth-fixture.js";

let fixture: OAuthFixture;
beforeAll(async () => {
  fixture = await startOAuthFixture();
});
afterAll(() => fixture.close());

const redirectUri = "https://bot.example/oauth/callback";
const clock = new ManualClock(Date.UTC(2026, 0, 1));

function endpoint(format: TokenRequestFormat) {
  return { tokenUrl: fixture.url, clientId, clientSecret, format, clock };
}

/** Plays the authorize step: the member approves and the server issues a code for our challenge. */
async function approve(code: string): Promise<string> {
  const request = await createAuthorizationRequest({
    authUrl: fixture.url,
    clientId,
    redirectUri,
    scopes: ["read:profile"],
  });
  fixture.issueCode(code, new URL(request.url).searchParams.get("code_challenge") ?? "", redirectUri);
  return request.codeVerifier;
}

async function captureError(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}

describe("exchangeAuthorizationCode", () => {
  it.each([
    { format: "json" as const, contentType: "application/json" },
    { format: "form" as const, contentType: "application/x-www-form-urlencoded;charset=UTF-8" },
  ])("sends a $format body the server accepts and returns a token set", async ({ format, contentType }) => {
    const codeVerifier = await approve(`code_${format}`);
    const tokens = await exchangeAuthorizationCode({
      ...endpoint(format),
      code: `code_${format}`,
      redirectUri,
      codeVerifier,
    });
    const request = fixture.received.at(-1);
    expect(request?.path).toBe("/oauth/token");
    expect(request?.contentType).toBe(contentType);
    expect(request?.params).toEqual({
      client_id: clientId,
      client_secret: clientSecret,
      code: `code_${format}`,
      redirect_uri: redirectUri,
      grant_type: "authorization_code",
      code_verifier: codeVerifier,
    });
    expect(tokens.accessToken).toMatch(/^access_/);
    expect(tokens.refreshToken).toMatch(/^refresh_/);
    expect(tokens.expiresAt).toBe(clock.now() + 3_600_000);
    expect(tokens.scopes).toEqual(["read:profile", "write:battles"]);
  });

  it("is refused with invalid_grant when the verifier does not match the challenge", async () => {
    await approve("code_pkce");
    const error = await captureError(() =>
      exchangeAuthorizationCode({
        ...endpoint("json"),
        code: "code_pkce",
        redirectUri,
        codeVerifier: "x".repeat(43),
      }),
    );
    expect(error).toBeInstanceOf(OAuthError);
    expect(error).toMatchObject({
      code: "invalid_grant",
      description: "PKCE verification failed",
      status: 400,
    });
  });

  it("reports a used code as invalid_grant without repeating the secrets", async () => {
    const codeVerifier = await approve("code_once");
    await exchangeAuthorizationCode({ ...endpoint("form"), code: "code_once", redirectUri, codeVerifier });
    const error = await captureError(() =>
      exchangeAuthorizationCode({ ...endpoint("form"), code: "code_once", redirectUri, codeVerifier }),
    );
    expect(error).toMatchObject({ code: "invalid_grant" });
    expect((error as Error).message).not.toContain(clientSecret);
    expect((error as Error).message).not.toContain(codeVerifier);
  });

  it("falls back to the requested scopes when the answer has none", async () => {
    fixture.queueAnswer({ status: 200, body: { access_token: "access_plain", token_type: "bearer" } });
    const tokens = await exchangeAuthorizationCode({
      ...endpoint("json"),
      code: "any",
      redirectUri,
      codeVerifier: "v".repeat(43),
      requestedScopes: ["read:profile"],
    });
    expect(tokens).toEqual({
      accessToken: "access_plain",
      refreshToken: undefined,
      expiresAt: undefined,
      scopes: ["read:profile"],
    });
  });

  it("reports a token answer without access_token as invalid_response", async () => {
    fixture.queueAnswer({ status: 200, body: { token_type: "bearer", refresh_token: "refresh_leak" } });
    const error = await captureError(() =>
      exchangeAuthorizationCode({
        ...endpoint("json"),
        code: "any",
        redirectUri,
        codeVerifier: "v".repeat(43),
      }),
    );
    expect(error).toMatchObject({ name: "OAuthError", code: "invalid_response" });
    expect((error as Error).message).not.toContain("refresh_leak");
  });

  it("reports a 5xx as server_error", async () => {
    fixture.queueAnswer({ status: 503, body: { message: "maintenance" } });
    const error = await captureError(() =>
      exchangeAuthorizationCode({
        ...endpoint("json"),
        code: "any",
        redirectUri,
        codeVerifier: "v".repeat(43),
      }),
    );
    expect(error).toMatchObject({ code: "server_error", status: 503 });
  });

  it("refuses a plain-http token URL that is not loopback unless allowed", async () => {
    const error = await captureError(() =>
      exchangeAuthorizationCode({
        ...endpoint("json"),
        tokenUrl: "http://platform.example",
        code: "any",
        redirectUri,
        codeVerifier: "v".repeat(43),
      }),
    );
    expect(error).toMatchObject({ code: "insecure_endpoint" });
  });
});

describe("refreshAccessToken", () => {
  it.each(["json", "form"] as const)("trades a refresh token for new tokens (%s body)", async (format) => {
    const codeVerifier = await approve(`code_refresh_${format}`);
    const first = await exchangeAuthorizationCode({
      ...endpoint(format),
      code: `code_refresh_${format}`,
      redirectUri,
      codeVerifier,
    });
    clock.advance(60_000);
    const second = await refreshAccessToken({ ...endpoint(format), refreshToken: first.refreshToken ?? "" });
    expect(fixture.received.at(-1)?.params).toEqual({
      client_id: clientId,
      client_secret: clientSecret,
      grant_type: "refresh_token",
      refresh_token: first.refreshToken,
    });
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.expiresAt).toBe(clock.now() + 3_600_000);
  });

  it("reports a spent refresh token as invalid_grant and scrubs it from the description", async () => {
    const error = await captureError(() =>
      refreshAccessToken({ ...endpoint("json"), refreshToken: "refresh_spent_token" }),
    );
    expect(error).toBeInstanceOf(OAuthError);
    expect(error).toMatchObject({ code: "invalid_grant" });
    expect((error as OAuthError).description).toBe("refresh token [redacted] is not valid");
  });

  it("reads the platform's own error form: a 400 about the grant is invalid_grant, any other the bot's", async () => {
    // The platform's API reference writes every error as {"error":{"code","message"}}; read only as RFC
    // 6749's, a refresh token the platform no longer took read as the bot's misconfiguration, on every
    // command.
    const refuse = async (status: number, code: string, field?: string) => {
      fixture.queueAnswer({
        status,
        body: {
          error: {
            code,
            message: "refresh token refresh_gone_token has expired",
            ...(field === undefined ? {} : { details: { field } }),
          },
        },
      });
      return captureError(() =>
        refreshAccessToken({ ...endpoint("json"), refreshToken: "refresh_gone_token" }),
      );
    };
    const spent = await refuse(400, "INVALID_REQUEST");
    expect(spent).toBeInstanceOf(OAuthError);
    expect(spent).toMatchObject({
      code: "invalid_grant",
      status: 400,
      description: "the platform refused the grant (INVALID_REQUEST: refresh token [redacted] has expired)",
    });
    expect(await refuse(400, "INVALID_REQUEST", "refresh_token")).toMatchObject({ code: "invalid_grant" });
    // A details or message of another shape names nothing: still the grant's refusal.
    for (const details of [null, [], { field: null }]) {
      fixture.queueAnswer({
        status: 400,
        body: { error: { code: "INVALID_REQUEST", message: null, details } },
      });
      expect(
        await captureError(() =>
          refreshAccessToken({ ...endpoint("json"), refreshToken: "refresh_gone_token" }),
        ),
      ).toMatchObject({
        code: "invalid_grant",
        description: "the platform refused the grant (INVALID_REQUEST)",
      });
    }
    // A field of the bot's own request, or its client credentials refused: the member's link is not at fault.
    expect(await refuse(400, "INVALID_REQUEST", "client_id")).toMatchObject({
      code: "invalid_request",
      status: 400,
    });
    expect(await refuse(401, "UNAUTHORIZED")).toMatchObject({ code: "invalid_client", status: 401 });
    // Fields listed: the bot's own among them makes it the bot's.
    for (const [details, code] of [
      [[{ field: "grant_type" }], "invalid_request"],
      [[{ field: "refresh_token" }], "invalid_grant"],
    ] as const) {
      fixture.queueAnswer({ status: 400, body: { error: { code: "INVALID_REQUEST", details } } });
      const refused = await captureError(() =>
        refreshAccessToken({ ...endpoint("json"), refreshToken: "refresh_gone_token" }),
      );
      expect(refused).toMatchObject({ code });
    }
    // A long message is scrubbed before it is cut, so no start of the refresh token is left in it.
    fixture.queueAnswer({
      status: 400,
      body: { error: { code: "INVALID_REQUEST", message: `${"x".repeat(490)} refresh_gone_token` } },
    });
    const long = await captureError(() =>
      refreshAccessToken({ ...endpoint("json"), refreshToken: "refresh_gone_token" }),
    );
    expect((long as OAuthError).description).not.toMatch(/refresh_go/);

    // Any other 400 body is read as before: RFC 6749's, or none at all.
    fixture.queueAnswer({ status: 400, body: { message: "bad" } });
    const unread = await captureError(() =>
      refreshAccessToken({ ...endpoint("json"), refreshToken: "refresh_gone_token" }),
    );
    expect(unread).toMatchObject({ code: "invalid_response", status: 400 });
  });

  it("reports a token endpoint that never answers as a time-out", async () => {
    const release = fixture.holdAnswers();
    const error = await captureError(() =>
      refreshAccessToken({ ...endpoint("json"), refreshToken: "refresh_slow", timeoutMs: 50 }),
    );
    release();
    expect(error).toBeInstanceOf(PlatformUnavailableError);
    expect(error).toMatchObject({ kind: "timeout" });
  });
});

describe("revokeToken", () => {
  it("posts the token to {token_url}/oauth/revoke and reports success", async () => {
    const revoked = await revokeToken({
      ...endpoint("form"),
      token: "access_to_revoke",
      tokenTypeHint: "access_token",
    });
    expect(revoked).toBe(true);
    expect(fixture.received.at(-1)).toMatchObject({
      path: "/oauth/revoke",
      params: { token: "access_to_revoke", token_type_hint: "access_token", client_id: clientId },
    });
  });

  it("returns false instead of failing when the server cannot be reached", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) =>
      server.close(() => {
        resolve();
      }),
    );
    const revoked = await revokeToken({
      ...endpoint("json"),
      tokenUrl: `http://127.0.0.1:${port}`,
      token: "t",
    });
    expect(revoked).toBe(false);
  });
});
