import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { UserFacingError } from "../../src/discord/user-facing-error.js";
import { linkWithApiKey } from "../../src/linking/api-key-link.js";
import type { LinkingDeps } from "../../src/linking/linking-deps.js";
import { getMemberSession } from "../../src/linking/member-credential.js";
import { completeOAuthLink, startOAuthLink } from "../../src/linking/oauth-link.js";
import { openOAuthStart } from "../../src/linking/oauth-start.js";
import { cancelOAuthLink } from "../../src/linking/pending-oauth-link.js";
import { unlinkMember } from "../../src/linking/unlink-member.js";
import { createDb, type Store } from "../../src/store/create-db.js";
import { findMemberLink } from "../../src/store/member-links.js";
import { migrateToLatest } from "../../src/store/migrate.js";
import { startPlatformFixture, type PlatformFixture } from "../api/platform-fixture.js";
import { startOAuthFixture, type OAuthFixture } from "../oauth/oauth-fixture.js";
import { openSignInLink, startIdOf } from "./open-sign-in-link.js";
import { buildLinkingDeps } from "./support/linking-deps.js";

const member = { guildId: "100000000000000001", userId: "200000000000000002" };
const requester = { ...member, memberName: "Alice", memberUsername: "alice", guildName: "Arena Club" };

describe("account linking", () => {
  let oauthServer: OAuthFixture;
  let platform: PlatformFixture;
  let store: Store;
  let clock: ManualClock;
  let deps: LinkingDeps;

  beforeAll(async () => {
    oauthServer = await startOAuthFixture();
    platform = await startPlatformFixture();
  });
  afterAll(async () => {
    await oauthServer.close();
    await platform.close();
  });

  beforeEach(async () => {
    store = await createDb(":memory:");
    await migrateToLatest(store.db);
    clock = new ManualClock(Date.UTC(2026, 0, 1));
    deps = buildLinkingDeps({ db: store.db, platform, oauthServer, clock });
    return () => store.close();
  });

  async function linkThroughOAuth(): Promise<void> {
    const { url } = await startOAuthLink(deps, requester, "interaction-token-secret");
    const opened = await openSignInLink(deps, url);
    expect(opened.authorizeUrl.pathname).toBe("/oauth/authorize");
    expect(opened.authorizeUrl.searchParams.get("redirect_uri")).toBe("http://127.0.0.1:3999/oauth/callback");
    oauthServer.issueCode("code-1", opened.codeChallenge, "http://127.0.0.1:3999/oauth/callback");
    const result = await completeOAuthLink(deps, {
      state: opened.state,
      code: "code-1",
      browserKey: opened.browserKey,
    });
    expect(result.ok).toBe(true);
  }

  function refreshRequests(): number {
    return oauthServer.received.filter((request) => request.params?.grant_type === "refresh_token").length;
  }

  it("gives a sign-in link of the bot's own, which the first browser to open it keeps", async () => {
    const { url } = await startOAuthLink(deps, requester, "interaction-token-secret");
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:3999\/oauth\/start\/[A-Za-z0-9_-]{43}$/);
    const first = await openOAuthStart(deps, { startId: startIdOf(url), heldBrowserKey: undefined });
    expect(first).toMatchObject({ ok: true, authorizeUrl: expect.stringContaining("/oauth/authorize?") });
    if (!first.ok) throw new Error("the first browser was refused");
    expect(first.browserKey).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const again = await openOAuthStart(deps, { startId: startIdOf(url), heldBrowserKey: first.browserKey });
    expect(again).toEqual(first);
    for (const heldBrowserKey of [undefined, "a".repeat(43)]) {
      expect(await openOAuthStart(deps, { startId: startIdOf(url), heldBrowserKey })).toEqual({
        ok: false,
        reason: "opened_elsewhere",
      });
    }
    expect(await openOAuthStart(deps, { startId: "b".repeat(43), heldBrowserKey: undefined })).toEqual({
      ok: false,
      reason: "unknown_state",
    });
  });

  it("never adopts a key the browser already held when it first opens a sign-in link", async () => {
    const { url } = await startOAuthLink(deps, requester, "token");
    const planted = "p".repeat(43);
    const opened = await openOAuthStart(deps, { startId: startIdOf(url), heldBrowserKey: planted });
    expect(opened.ok && opened.browserKey).not.toBe(planted);
    expect(opened.ok && opened.browserKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("links through OAuth with state and PKCE, and the state works only once", async () => {
    const { url } = await startOAuthLink(deps, requester, "interaction-token-secret");
    const { state, codeChallenge, browserKey } = await openSignInLink(deps, url);
    oauthServer.issueCode("code-once", codeChallenge, "http://127.0.0.1:3999/oauth/callback");
    const first = await completeOAuthLink(deps, { state, code: "code-once", browserKey });
    expect(first.ok && first.link.platformUsername).toBeTruthy();
    expect(first.ok && first.grant.interactionToken).toBe("interaction-token-secret");
    expect(await completeOAuthLink(deps, { state, code: "code-once", browserKey })).toEqual({
      ok: false,
      reason: "unknown_state",
    });
  });

  it("completes a sign-in only in the browser that opened its link, and another's uses nothing up", async () => {
    const { url } = await startOAuthLink(deps, requester, "token");
    const { state, codeChallenge, browserKey } = await openSignInLink(deps, url);
    oauthServer.issueCode("code-bound", codeChallenge, "http://127.0.0.1:3999/oauth/callback");
    for (const otherBrowser of [undefined, "o".repeat(43)]) {
      expect(await completeOAuthLink(deps, { state, code: "code-bound", browserKey: otherBrowser })).toEqual({
        ok: false,
        reason: "other_browser",
      });
      expect(await cancelOAuthLink(deps, { state, browserKey: otherBrowser })).toEqual({
        ok: false,
        reason: "other_browser",
      });
    }
    expect(await findMemberLink(store.db, deps.secretBox, member)).toBeUndefined();
    expect((await completeOAuthLink(deps, { state, code: "code-bound", browserKey })).ok).toBe(true);
  });

  it("refuses a state older than ten minutes", async () => {
    const { url } = await startOAuthLink(deps, requester, "token");
    const { state, browserKey } = await openSignInLink(deps, url);
    clock.advance(10 * 60 * 1000 + 1);
    expect(await completeOAuthLink(deps, { state, code: "whatever", browserKey })).toEqual({
      ok: false,
      reason: "expired_state",
    });
  });

  it("refuses to open a sign-in link older than ten minutes", async () => {
    const { url } = await startOAuthLink(deps, requester, "token");
    clock.advance(10 * 60 * 1000 + 1);
    expect(await openOAuthStart(deps, { startId: startIdOf(url), heldBrowserKey: undefined })).toEqual({
      ok: false,
      reason: "expired_state",
    });
  });

  it("refreshes an access token about to expire, once for concurrent callers, and stores the new tokens", async () => {
    await linkThroughOAuth();
    const before = refreshRequests();
    clock.advance(3600 * 1000 - 30 * 1000);
    const sessions = await Promise.all([1, 2, 3].map(() => getMemberSession(deps, member)));
    expect(refreshRequests() - before).toBe(1);
    const tokens = new Set(sessions.map((session) => session.credential.token));
    expect(tokens.size).toBe(1);
    const stored = await findMemberLink(store.db, deps.secretBox, member);
    expect(stored?.credential.accessToken).toBe([...tokens][0]);
    expect(stored?.credential.expiresAt).toBe(clock.now() + 3600 * 1000);
  });

  it.each([
    ["RFC 6749's", { error: "invalid_grant", error_description: "revoked" }],
    ["the platform's own", { error: { code: "INVALID_REQUEST", message: "refresh token revoked" } }],
  ])(
    "marks the link as needing re-authorisation when the refresh token is refused in %s form",
    async (_, body) => {
      await linkThroughOAuth();
      clock.advance(3600 * 1000);
      oauthServer.queueAnswer({ status: 400, body });
      const failure = await getMemberSession(deps, member).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(UserFacingError);
      expect((failure as UserFacingError).code).toBe("reauth_needed");
      expect((await findMemberLink(store.db, deps.secretBox, member))?.status).toBe("reauth_needed");
      await expect(getMemberSession(deps, member)).rejects.toMatchObject({ code: "reauth_needed" });
    },
  );

  it("prompts an unlinked member to link", async () => {
    await expect(getMemberSession(deps, member)).rejects.toMatchObject({ code: "not_linked" });
  });

  it("links with an API key validated by GET /users/me, and refuses a key the platform rejects", async () => {
    const link = await linkWithApiKey(deps, member, "  key_write_0123456789  ");
    expect(link.credentialKind).toBe("api_key");
    expect(platform.requests.at(-1)?.headers.authorization).toBe("Bearer key_write_0123456789");
    expect((await getMemberSession(deps, member)).credential.token).toBe("key_write_0123456789");

    platform.queueReplies({ status: 401, body: { error: { code: "UNAUTHORIZED", message: "bad key" } } });
    const refused = await linkWithApiKey(deps, member, "key_wrong_0123456789").catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ code: "api_key_refused" });
    expect((refused as Error).message).not.toContain("key_wrong");
    await expect(linkWithApiKey(deps, member, "short")).rejects.toMatchObject({ code: "invalid_api_key" });
  });

  it("tells a member whose key the platform knows but forbids to read the account to make one that may", async () => {
    platform.queueReplies({ status: 403, body: { error: { code: "FORBIDDEN", message: "read only" } } });
    const refused = await linkWithApiKey(deps, member, "key_read_0123456789").catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(UserFacingError);
    expect(refused).toMatchObject({ code: "api_key_not_permitted" });
    expect((refused as Error).message).toMatch(/knows that key, but it may not read your account/);
    expect((refused as Error).message).not.toContain("key_read");
    expect(await findMemberLink(deps.db, deps.secretBox, member)).toBeUndefined();
  });

  it("tells a member whose key's account is gone (404 to GET /users/me) that it may be deleted, not to check an id", async () => {
    platform.queueReplies({ status: 404, body: { error: { code: "NOT_FOUND", message: "no such user" } } });
    const refused = await linkWithApiKey(deps, member, "key_gone_0123456789").catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(UserFacingError);
    expect(refused).toMatchObject({ code: "api_key_account_missing" });
    expect((refused as Error).message).toMatch(/found no account for that key: it may have been deleted/);
    expect((refused as Error).message).not.toMatch(/Check the id/);
    expect((refused as Error).message).not.toContain("key_gone");
    expect(await findMemberLink(deps.db, deps.secretBox, member)).toBeUndefined();
  });

  it("tells a member a key with characters no header can carry is not a key, without asking the platform", async () => {
    const asked = platform.requests.length;
    for (const key of [
      "key_\u0000_0123456789",
      "key_é_0123456789",
      "key_🙂_0123456789",
      "key_\u0017_01234",
    ]) {
      await expect(linkWithApiKey(deps, member, key)).rejects.toMatchObject({ code: "invalid_api_key" });
    }
    expect(platform.requests.length).toBe(asked);
    expect(await findMemberLink(deps.db, deps.secretBox, member)).toBeUndefined();
  });

  it("unlinks, revoking OAuth tokens best effort", async () => {
    await linkThroughOAuth();
    const revocationsBefore = oauthServer.received.filter(
      (request) => request.path === "/oauth/revoke",
    ).length;
    expect(await unlinkMember(deps, member)).toEqual({ wasLinked: true });
    expect(oauthServer.received.filter((request) => request.path === "/oauth/revoke").length).toBe(
      revocationsBefore + 1,
    );
    expect(await findMemberLink(store.db, deps.secretBox, member)).toBeUndefined();
    expect(await unlinkMember(deps, member)).toEqual({ wasLinked: false });
  });
});
