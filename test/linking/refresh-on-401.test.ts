// A member's OAuth token the platform refuses with 401 (docs/architecture.md, "Linking"): refreshed once, in the
// same single flight as the refresh before use, and the request sent once more; a refused refresh marks the
// link for re-authorisation; an API key is never refreshed. The token endpoint and the platform are real
// servers on 127.0.0.1; the store is each test database.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { PlatformError } from "../../src/api/errors.js";
import { getCurrentUser } from "../../src/api/users.js";
import { ManualClock } from "../../src/clock.js";
import { loadConfig } from "../../src/config.js";
import { linkWithApiKey } from "../../src/linking/api-key-link.js";
import type { LinkingDeps } from "../../src/linking/linking-deps.js";
import { getMemberSession } from "../../src/linking/member-credential.js";
import { completeOAuthLink, startOAuthLink } from "../../src/linking/oauth-link.js";
import { findMemberLink } from "../../src/store/member-links.js";
import { startPlatformFixture, type PlatformFixture } from "../api/platform-fixture.js";
import { startOAuthFixture, type OAuthFixture } from "../oauth/oauth-fixture.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { openSignInLink } from "./open-sign-in-link.js";
import { buildLinkingDeps, captureLogs } from "./support/linking-deps.js";

const member = { guildId: "100000000000000001", userId: "200000000000000002" };
const requester = { ...member, memberName: "Alice", memberUsername: "alice", guildName: "Arena Club" };
const redirectUri = "http://127.0.0.1:3999/oauth/callback";
const refusedToken = {
  status: 401,
  body: { error: { code: "UNAUTHORIZED", message: "Invalid or expired token", requestId: "req_401" } },
};

describe.each(testDatabases())("a member token the platform refuses with 401, on $name", (database) => {
  const store = useMigratedStore(database);
  let oauthServer: OAuthFixture;
  let platform: PlatformFixture;
  let clock: ManualClock;
  let logLines: string[];
  let deps: LinkingDeps;

  beforeAll(async () => {
    platform = await startPlatformFixture();
  });
  afterAll(async () => {
    await platform.close();
  });

  beforeEach(async () => {
    // A fresh token endpoint each test: its refresh tokens and recorded requests start empty.
    oauthServer = await startOAuthFixture();
    platform.reset();
    clock = new ManualClock(Date.UTC(2026, 0, 1));
    const logs = captureLogs("debug");
    logLines = logs.lines;
    deps = buildLinkingDeps({
      db: store.db,
      platform,
      oauthServer,
      clock,
      logger: logs.logger,
      platformLogs: true,
    });
    return () => oauthServer.close();
  });

  async function linkThroughOAuth(): Promise<void> {
    const { url } = await startOAuthLink(deps, requester, "interaction-token");
    const opened = await openSignInLink(deps, url);
    const code = `code-${Math.random().toString(36).slice(2)}`;
    oauthServer.issueCode(code, opened.codeChallenge, redirectUri);
    const result = await completeOAuthLink(deps, {
      state: opened.state,
      code,
      browserKey: opened.browserKey,
    });
    expect(result.ok).toBe(true);
    platform.reset();
  }

  function refreshRequests(): number {
    return oauthServer.received.filter((request) => request.params?.grant_type === "refresh_token").length;
  }

  function bearers(): (string | undefined)[] {
    return platform.requests.map((request) => request.headers.authorization);
  }

  async function storedLink() {
    const link = await findMemberLink(deps.db, deps.secretBox, member);
    if (link === undefined) throw new Error("the link is gone");
    return link;
  }

  it("refreshes a token issued without expires_in once the platform refuses it, and sends the request again", async () => {
    oauthServer.leaveOutExpiresIn();
    await linkThroughOAuth();
    const linked = await storedLink();
    expect(linked.credential.expiresAt).toBeUndefined();
    const { credential } = await getMemberSession(deps, member);
    platform.queueReplies(refusedToken);

    const user = await getCurrentUser(deps.platform, credential);

    expect(user.username).toEqual(expect.any(String));
    expect(refreshRequests()).toBe(1);
    const refreshed = await storedLink();
    expect(refreshed.credential.accessToken).not.toBe(linked.credential.accessToken);
    expect(refreshed.status).toBe("active");
    expect(bearers()).toEqual([
      `Bearer ${linked.credential.accessToken}`,
      `Bearer ${refreshed.credential.accessToken}`,
    ]);
    const logs = logLines.join("");
    expect(logs).toContain("the platform refused the member's access token; refreshing it");
    for (const secret of [linked.credential, refreshed.credential].flatMap((c) => [
      c.accessToken,
      c.refreshToken,
    ])) {
      expect(logs).not.toContain(secret);
    }
  });

  it("refreshes a token revoked before its expiry, and a second 401 after the refresh stands", async () => {
    await linkThroughOAuth();
    const { credential } = await getMemberSession(deps, member);
    platform.queueReplies(refusedToken, refusedToken);

    const error = await getCurrentUser(deps.platform, credential).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ status: 401 });
    expect(refreshRequests()).toBe(1);
    expect(platform.requests).toHaveLength(2);
    expect((await storedLink()).status).toBe("active");
  });

  it("uses the token another command already refreshed after a 401, without refreshing again", async () => {
    await linkThroughOAuth();
    const first = await getMemberSession(deps, member);
    const second = await getMemberSession(deps, member);
    platform.queueReplies(refusedToken);
    await getCurrentUser(deps.platform, first.credential);
    const refreshed = (await storedLink()).credential.accessToken;
    platform.queueReplies(refusedToken);

    await getCurrentUser(deps.platform, second.credential);

    expect(refreshRequests()).toBe(1);
    expect(bearers().slice(2)).toEqual([`Bearer ${second.credential.token}`, `Bearer ${refreshed}`]);
  });

  it("refreshes once for commands the platform refuses at the same time", async () => {
    await linkThroughOAuth();
    const sessions = await Promise.all([getMemberSession(deps, member), getMemberSession(deps, member)]);
    platform.queueReplies(refusedToken, refusedToken);
    const release = oauthServer.holdAnswers();

    const calls = sessions.map(({ credential }) => getCurrentUser(deps.platform, credential));
    await vi.waitFor(
      () => {
        expect(refreshRequests()).toBe(1);
        expect(platform.requests).toHaveLength(2);
      },
      { timeout: 15_000, interval: 20 },
    );
    release();
    await Promise.all(calls);

    expect(refreshRequests()).toBe(1);
    const refreshed = (await storedLink()).credential.accessToken;
    expect(bearers().slice(2)).toEqual([`Bearer ${refreshed}`, `Bearer ${refreshed}`]);
  });

  it("marks the link as needing re-authorisation when the refresh after a 401 is refused", async () => {
    await linkThroughOAuth();
    const { credential } = await getMemberSession(deps, member);
    platform.queueReplies(refusedToken);
    oauthServer.queueAnswer({ status: 400, body: { error: "invalid_grant", error_description: "revoked" } });

    await expect(getCurrentUser(deps.platform, credential)).rejects.toMatchObject({ code: "reauth_needed" });

    expect(platform.requests).toHaveLength(1);
    expect((await storedLink()).status).toBe("reauth_needed");
    await expect(getMemberSession(deps, member)).rejects.toMatchObject({ code: "reauth_needed" });
  });

  it("does not send the request again as another platform account the member linked meanwhile", async () => {
    await linkThroughOAuth();
    const { credential } = await getMemberSession(deps, member);
    const bob = { id: "user_bob", username: "bob", rating: 1500, joinedAt: "2023-03-01T12:00:00Z" };
    platform.queueReplies({ body: bob });
    await linkWithApiKey(deps, member, "key_write_bob_0123456789");
    expect((await storedLink()).platformUserId).toBe("user_bob");
    platform.reset();
    platform.queueReplies(refusedToken);

    await expect(getCurrentUser(deps.platform, credential)).rejects.toMatchObject({ status: 401 });

    expect(refreshRequests()).toBe(0);
    expect(bearers()).toEqual([`Bearer ${credential.token}`]);
  });

  it("lets the 401 stand, without sending the refused token again, when the bot can no longer refresh", async () => {
    await linkThroughOAuth();
    const withoutOAuth = loadConfig(
      { PLATFORM_API_URL: platform.baseUrl, PUBLIC_URL: "http://127.0.0.1:3999" },
      "migrate",
    );
    deps = { ...deps, config: withoutOAuth };
    const { credential } = await getMemberSession(deps, member);
    platform.queueReplies(refusedToken);

    await expect(getCurrentUser(deps.platform, credential)).rejects.toMatchObject({ status: 401 });

    expect(refreshRequests()).toBe(0);
    expect(platform.requests).toHaveLength(1);
  });

  it("never refreshes an API key the platform refuses", async () => {
    await linkWithApiKey(deps, member, "key_write_0123456789");
    platform.reset();
    const { credential } = await getMemberSession(deps, member);
    platform.queueReplies(refusedToken);

    await expect(getCurrentUser(deps.platform, credential)).rejects.toMatchObject({ status: 401 });

    expect(refreshRequests()).toBe(0);
    expect(platform.requests).toHaveLength(1);
    expect((await storedLink()).status).toBe("active");
  });
});
