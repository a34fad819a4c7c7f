// `/unlink` takes out the member's sign-ins still pending for that link (docs/architecture.md, "Linking"): a
// confirm page left open links nothing afterwards, and the tokens its callback already got are revoked then,
// not at the hourly prune. Another server's sign-in, and the member's personal one, are left alone. The token
// endpoint is a real server on 127.0.0.1.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { exchangeAtCallback } from "../../src/linking/exchange-at-callback.js";
import type { LinkingDeps } from "../../src/linking/linking-deps.js";
import { completeOAuthLink, startOAuthLink } from "../../src/linking/oauth-link.js";
import { unlinkMember } from "../../src/linking/unlink-member.js";
import { findMemberLink, type MemberKey } from "../../src/store/member-links.js";
import { startPlatformFixture, type PlatformFixture } from "../api/platform-fixture.js";
import { startOAuthFixture, type OAuthFixture } from "../oauth/oauth-fixture.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { openSignInLink, type OpenedSignInLink } from "./open-sign-in-link.js";
import { buildLinkingDeps } from "./support/linking-deps.js";
import { linkThroughOAuth, redirectUri, revokedTokens } from "./support/oauth-link-flow.js";

const userId = "200000000000000002";
const inServer = { guildId: "100000000000000001", userId };
const inOtherServer = { guildId: "100000000000000003", userId };
const personal = { guildId: undefined, userId };

describe.each(testDatabases())("/unlink and pending sign-ins on $name", (database) => {
  const store = useMigratedStore(database);
  let oauthServer: OAuthFixture;
  let platform: PlatformFixture;
  let deps: LinkingDeps;
  let codes = 0;

  beforeEach(async () => {
    oauthServer = await startOAuthFixture();
    platform = await startPlatformFixture();
    deps = buildLinkingDeps({
      db: store.db,
      platform,
      oauthServer,
      clock: new ManualClock(Date.UTC(2026, 0, 1)),
    });
  });
  afterEach(async () => {
    await oauthServer.close();
    await platform.close();
  });

  /** A sign-in whose callback exchanged the code: the confirm page is open, its tokens in the pending row. */
  async function exchangedSignIn(member: MemberKey): Promise<OpenedSignInLink & { code: string }> {
    const requester = { ...member, memberName: "Alice", memberUsername: "alice", guildName: undefined };
    const { url } = await startOAuthLink(deps, requester, undefined);
    const opened = await openSignInLink(deps, url);
    codes += 1;
    const code = `unlink-code-${String(codes)}`;
    oauthServer.issueCode(code, opened.codeChallenge, redirectUri);
    expect(
      (await exchangeAtCallback(deps, { state: opened.state, browserKey: opened.browserKey, code })).ok,
    ).toBe(true);
    return { ...opened, code };
  }

  const confirm = (signIn: OpenedSignInLink & { code: string }) =>
    completeOAuthLink(deps, { state: signIn.state, code: signIn.code, browserKey: signIn.browserKey });

  it("links nothing from a sign-in left pending before /unlink, and revokes its tokens at once", async () => {
    const before = await linkThroughOAuth(deps, oauthServer, inServer);
    const relink = await exchangedSignIn(inServer);
    const elsewhere = await exchangedSignIn(inOtherServer);
    const own = await exchangedSignIn(personal);
    const revokedBefore = revokedTokens(oauthServer).length;

    expect(await unlinkMember(deps, inServer)).toEqual({ wasLinked: true });
    // The link's refresh token and the pending sign-in's token.
    const revoked = revokedTokens(oauthServer).slice(revokedBefore);
    expect(revoked).toHaveLength(2);
    expect(revoked).toContain(before.refreshToken);

    expect(await confirm(relink)).toMatchObject({ ok: false, reason: "unknown_state" });
    expect(await findMemberLink(deps.db, deps.secretBox, inServer)).toBeUndefined();
    // The member's sign-ins for another server and for their personal link are theirs to finish.
    expect(await confirm(elsewhere)).toMatchObject({ ok: true });
    expect(await confirm(own)).toMatchObject({ ok: true });
  });
});
