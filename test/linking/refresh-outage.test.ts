// A token endpoint failing a refresh on its side (a 5xx, RFC 6749's `temporarily_unavailable`) is an outage
// that passes (docs/architecture.md, "Linking"): the member reads that the platform had a problem, not that the
// bot is misconfigured, the link stays active with its refresh token, and the next refresh works. The token
// endpoint is a real server on 127.0.0.1; the store is each test database.
import { describe, expect, it } from "vitest";
import { PlatformError } from "../../src/api/errors.js";
import { describePlatformError } from "../../src/discord/describe-platform-error.js";
import { getMemberSession } from "../../src/linking/member-credential.js";
import { findMemberLink } from "../../src/store/member-links.js";
import { testDatabases } from "../store/databases.js";
import { linkThroughOAuth } from "./support/oauth-link-flow.js";
import { useLinkingFixtures } from "./support/use-linking-fixtures.js";

const member = { guildId: "100000000000000001", userId: "200000000000000002" };

describe.each(testDatabases())("a token endpoint outage during a refresh on $name", (database) => {
  const fixtures = useLinkingFixtures(database);

  it.each([
    ["a 503 with no OAuth body", { status: 503, body: "upstream unavailable" }],
    ["a 500 server_error", { status: 500, body: { error: "server_error" } }],
    ["temporarily_unavailable", { status: 400, body: { error: "temporarily_unavailable" } }],
  ] as const)("tells %s as the platform's passing problem and keeps the link", async (_name, answer) => {
    const linked = await linkThroughOAuth(fixtures.deps, fixtures.oauthServer, member);
    fixtures.clock.advance(3600 * 1000);
    fixtures.oauthServer.queueAnswer(answer);

    const failure = await getMemberSession(fixtures.deps, member).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PlatformError);
    expect((failure as PlatformError).status).toBeGreaterThanOrEqual(500);
    const shown = describePlatformError(failure, fixtures.clock.now());
    expect(shown?.message).toMatch(/^The platform had a problem handling that\. Please try again shortly\./);
    expect(shown?.message).not.toMatch(/misconfigured|admin/);
    const kept = await findMemberLink(fixtures.deps.db, fixtures.deps.secretBox, member);
    expect(kept?.status).toBe("active");
    expect(kept?.credential.refreshToken).toBe(linked.refreshToken);
    expect(fixtures.logLines.join("\n")).not.toContain(linked.refreshToken);

    // The outage over: the same refresh token is spent once, and the member goes on.
    const session = await getMemberSession(fixtures.deps, member);
    expect(session.credential.token).not.toBe(linked.accessToken);
    expect((await findMemberLink(fixtures.deps.db, fixtures.deps.secretBox, member))?.status).toBe("active");
  });

  it.each([
    [
      "the platform's error envelope",
      { status: 429, body: { error: { code: "RATE_LIMITED", message: "slow" } } },
    ],
    ["an OAuth error body", { status: 429, body: { error: "slow_down" } }],
    ["plain text", { status: 429, body: "Too Many Requests" }],
  ] as const)(
    "tells a 429 with %s as the platform's rate limit, not the bot's settings, and keeps the link",
    async (_name, answer) => {
      const linked = await linkThroughOAuth(fixtures.deps, fixtures.oauthServer, member);
      fixtures.clock.advance(3600 * 1000);
      fixtures.oauthServer.queueAnswer(answer);

      const failure = await getMemberSession(fixtures.deps, member).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(PlatformError);
      expect((failure as PlatformError).status).toBe(429);
      const shown = describePlatformError(failure, fixtures.clock.now());
      expect(shown?.message).toMatch(/^You've hit the platform's rate limit\. Try again/);
      expect(fixtures.logLines.join("\n")).not.toMatch(/PLATFORM_CLIENT_SECRET/);
      const kept = await findMemberLink(fixtures.deps.db, fixtures.deps.secretBox, member);
      expect(kept?.status).toBe("active");
      expect(kept?.credential.refreshToken).toBe(linked.refreshToken);

      const session = await getMemberSession(fixtures.deps, member);
      expect(session.credential.token).not.toBe(linked.accessToken);
    },
  );

  it.each([
    ["Retry-After", { "retry-after": "90" }],
    ["the platform's X-RateLimit-Retry-After", { "x-ratelimit-retry-after": "90" }],
  ] as const)("tells the member when to try again from a 429's %s", async (_name, headers) => {
    await linkThroughOAuth(fixtures.deps, fixtures.oauthServer, member);
    fixtures.clock.advance(3600 * 1000);
    fixtures.oauthServer.queueAnswer({ status: 429, body: { error: "slow_down" }, headers });

    const failure = await getMemberSession(fixtures.deps, member).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 429, retryAfter: 90 });
    const retryAt = Math.ceil((fixtures.clock.now() + 90_000) / 1000);
    expect(describePlatformError(failure, fixtures.clock.now())?.message).toContain(
      `<t:${String(retryAt)}:R>`,
    );
  });
});
