// A token refresh that finishes after the member linked again, unlinked, or had their credential sealed again
// under a new key (docs/architecture.md, "Linking"): the store is a compare-and-set on the credential the
// refresh started from, so a late refresh overwrites nothing and the caller uses what is stored now; the tokens
// it got and could not store are revoked, and an unlink revokes the tokens it deleted, refreshed or not. The token
// endpoint is a real server on 127.0.0.1 that holds its answer while the test changes the link; the store is
// each test database.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { linkWithApiKey } from "../../src/linking/api-key-link.js";
import type { LinkingDeps } from "../../src/linking/linking-deps.js";
import { getMemberSession } from "../../src/linking/member-credential.js";
import { completeOAuthLink, startOAuthLink } from "../../src/linking/oauth-link.js";
import { openSignInLink } from "./open-sign-in-link.js";
import { buildLinkingDeps } from "./support/linking-deps.js";
import { unlinkMember } from "../../src/linking/unlink-member.js";
import { createKeyRing, generateKeySpec } from "../../src/secrets/key-ring.js";
import { createSecretBox } from "../../src/secrets/secret-box.js";
import { findMemberLink, sealedMemberCredentials } from "../../src/store/member-links.js";
import { resealColumn } from "../../src/store/sealed-column.js";
import { startPlatformFixture, type PlatformFixture } from "../api/platform-fixture.js";
import { startOAuthFixture, type OAuthFixture } from "../oauth/oauth-fixture.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";

const member = { guildId: "100000000000000001", userId: "200000000000000002" };
const requester = { ...member, memberName: "Alice", memberUsername: "alice", guildName: "Arena Club" };
const redirectUri = "http://127.0.0.1:3999/oauth/callback";
const firstKey = generateKeySpec("first");
const nextKey = generateKeySpec("next");

describe.each(testDatabases())("a token refresh finishing late on $name", (database) => {
  const store = useMigratedStore(database);
  let oauthServer: OAuthFixture;
  let platform: PlatformFixture;
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

  beforeEach(() => {
    clock = new ManualClock(Date.UTC(2026, 0, 1));
    // Seals with the first key and opens both, as a bot does while an operator rotates keys.
    deps = buildLinkingDeps({
      db: store.db,
      platform,
      oauthServer,
      clock,
      keySpec: `${firstKey},${nextKey}`,
    });
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
  }

  function revokedTokens(): (string | undefined)[] {
    return oauthServer.received
      .filter((request) => request.path === "/oauth/revoke")
      .map((request) => request.params?.token);
  }

  /** The refresh token of the pair the token endpoint issued last. */
  function lastIssuedRefreshToken(): string | undefined {
    return oauthServer.issued.at(-1)?.refreshToken;
  }

  function refreshRequests(): number {
    return oauthServer.received.filter((request) => request.params?.grant_type === "refresh_token").length;
  }

  /** Starts a refresh and returns once the token endpoint has it, holding its answer until `release`. */
  async function startHeldRefresh(): Promise<{
    linkedToken: string | undefined;
    session: ReturnType<typeof getMemberSession>;
    release(): void;
  }> {
    await linkThroughOAuth();
    const linkedToken = (await findMemberLink(deps.db, deps.secretBox, member))?.credential.accessToken;
    clock.advance(3600 * 1000 - 30 * 1000);
    const before = refreshRequests();
    const release = oauthServer.holdAnswers();
    const session = getMemberSession(deps, member);
    // Observed either way below, so an early rejection is never reported as unhandled.
    session.catch(() => undefined);
    await vi.waitFor(
      () => {
        expect(refreshRequests()).toBe(before + 1);
      },
      { timeout: 15_000, interval: 20 },
    );
    return { linkedToken, session, release };
  }

  it("keeps the API key the member linked while the refresh was under way, and uses it", async () => {
    const refresh = await startHeldRefresh();
    await linkWithApiKey(deps, member, "key_write_0123456789");
    refresh.release();

    const session = await refresh.session;

    expect(session.credential.token).toBe("key_write_0123456789");
    const stored = await findMemberLink(deps.db, deps.secretBox, member);
    expect(stored).toMatchObject({
      credentialKind: "api_key",
      credential: { accessToken: "key_write_0123456789" },
    });
    expect(stored?.credential).not.toHaveProperty("refreshToken");
  });

  it("stores nothing for a member who unlinked while the refresh was under way, and says they are not linked", async () => {
    const refresh = await startHeldRefresh();
    expect(await unlinkMember(deps, member)).toEqual({ wasLinked: true });
    refresh.release();

    await expect(refresh.session).rejects.toMatchObject({ code: "not_linked" });
    expect(await findMemberLink(deps.db, deps.secretBox, member)).toBeUndefined();
  });

  it("stores the refreshed credential over the same one sealed again under a new key meanwhile", async () => {
    const refresh = await startHeldRefresh();
    const rotated = createSecretBox(createKeyRing(`${nextKey},${firstKey}`));
    expect(await resealColumn(deps.db, rotated, sealedMemberCredentials)).toMatchObject({ resealed: 1 });
    refresh.release();

    const session = await refresh.session;

    expect(session.credential.token).not.toBe(refresh.linkedToken);
    const stored = await findMemberLink(deps.db, deps.secretBox, member);
    expect(stored?.credential.accessToken).toBe(session.credential.token);
    expect(stored?.credential.expiresAt).toBe(clock.now() + 3600 * 1000);
  });

  it("revokes the tokens of a refresh that finished after the member unlinked", async () => {
    const refresh = await startHeldRefresh();
    expect(await unlinkMember(deps, member)).toEqual({ wasLinked: true });
    refresh.release();

    await expect(refresh.session).rejects.toMatchObject({ code: "not_linked" });
    expect(oauthServer.issued.at(-1)?.accessToken).not.toBe(refresh.linkedToken);
    expect(revokedTokens()).toContain(lastIssuedRefreshToken());
  });

  it("revokes the tokens of a refresh that finished after the member linked again", async () => {
    const refresh = await startHeldRefresh();
    await linkWithApiKey(deps, member, "key_write_0123456789");
    refresh.release();

    expect((await refresh.session).credential.token).toBe("key_write_0123456789");
    expect(oauthServer.issued.at(-1)?.accessToken).not.toBe(refresh.linkedToken);
    expect(revokedTokens()).toContain(lastIssuedRefreshToken());
  });

  it("revokes the tokens an unlink deletes, though a refresh ran while it was revoking", async () => {
    await linkThroughOAuth();
    clock.advance(3600 * 1000 - 30 * 1000);
    const revocationsBefore = revokedTokens().length;
    const releaseRevocations = oauthServer.holdRevocations();
    const unlinking = unlinkMember(deps, member);
    unlinking.catch(() => undefined);
    try {
      await vi.waitFor(
        () => {
          expect(revokedTokens()).toHaveLength(revocationsBefore + 1);
        },
        { timeout: 15_000, interval: 20 },
      );
      // A command the member ran while the unlink waited on the platform.
      await expect(getMemberSession(deps, member)).rejects.toMatchObject({ code: "not_linked" });
    } finally {
      releaseRevocations();
    }

    expect(await unlinking).toEqual({ wasLinked: true });
    expect(await findMemberLink(deps.db, deps.secretBox, member)).toBeUndefined();
    expect(revokedTokens()).toContain(lastIssuedRefreshToken());
  });
});
