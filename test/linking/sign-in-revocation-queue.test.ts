// The tokens of a sign-in nobody will use are queued for revocation in the transaction that takes its pending
// row out (docs/architecture.md, "Linking"): the hourly prune's and Cancel's. When they cannot be queued (a
// real fault, a trigger on token_revocations), the row stays, so no token is left valid with nothing to
// revoke it: the next prune, or Cancel again, revokes it. The token endpoint is a real server on 127.0.0.1.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { exchangeAtCallback } from "../../src/linking/exchange-at-callback.js";
import { oauthStateLifetimeMs, type LinkingDeps } from "../../src/linking/linking-deps.js";
import { startOAuthLink } from "../../src/linking/oauth-link.js";
import { cancelOAuthLink } from "../../src/linking/pending-oauth-link.js";
import { pruneAbandonedSignIns } from "../../src/linking/prune-abandoned-sign-ins.js";
import { generateKeySpec } from "../../src/secrets/key-ring.js";
import { startPlatformFixture, type PlatformFixture } from "../api/platform-fixture.js";
import { startOAuthFixture, type OAuthFixture } from "../oauth/oauth-fixture.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { openSignInLink, type OpenedSignInLink } from "./open-sign-in-link.js";
import { buildLinkingDeps } from "./support/linking-deps.js";
import { failRevocationWrites, removeRevocationFault } from "./support/revocation-faults.js";

const member = { guildId: "100000000000000001", userId: "200000000000000002" };
const redirectUri = "http://127.0.0.1:3999/oauth/callback";

describe.each(testDatabases())("queueing a sign-in's tokens on $name", (database) => {
  const store = useMigratedStore(database);
  let oauthServer: OAuthFixture;
  let platform: PlatformFixture;
  let clock: ManualClock;
  let deps: LinkingDeps;
  let codes = 0;

  beforeEach(async () => {
    oauthServer = await startOAuthFixture();
    platform = await startPlatformFixture();
    clock = new ManualClock(Date.UTC(2026, 0, 1));
    deps = buildLinkingDeps({ db: store.db, platform, oauthServer, clock });
  });
  afterEach(async () => {
    await removeRevocationFault(store, database);
    await oauthServer.close();
    await platform.close();
  });

  /** A sign-in whose callback exchanged the code: its tokens wait in the pending row. */
  async function exchangedSignIn(): Promise<OpenedSignInLink> {
    const requester = { ...member, memberName: "Alice", memberUsername: "alice", guildName: undefined };
    const { url } = await startOAuthLink(deps, requester, undefined);
    const opened = await openSignInLink(deps, url);
    codes += 1;
    const code = `code-${String(codes)}`;
    oauthServer.issueCode(code, opened.codeChallenge, redirectUri);
    const exchanged = await exchangeAtCallback(deps, {
      state: opened.state,
      browserKey: opened.browserKey,
      code,
    });
    expect(exchanged.ok).toBe(true);
    return opened;
  }

  function revocations(): number {
    return oauthServer.received.filter((request) => request.path === "/oauth/revoke").length;
  }

  it("prunes no expired sign-in whose tokens cannot be queued, and revokes them all at the next prune", async () => {
    await exchangedSignIn();
    await exchangedSignIn();
    clock.advance(oauthStateLifetimeMs);
    await failRevocationWrites(store, database, "insert");

    await expect(pruneAbandonedSignIns(deps)).rejects.toThrow();
    expect(revocations()).toBe(0);

    await removeRevocationFault(store, database);
    expect(await pruneAbandonedSignIns(deps)).toBe(2);
    expect(revocations()).toBe(2);
  });

  it("prunes a sign-in whose tokens no key opens any more, and still revokes the others", async () => {
    // The first sign-in's tokens were sealed with a key since lost (docs/operations.md, "Rotating and retiring
    // an encryption key"); the bot now runs with another.
    await exchangedSignIn();
    deps = buildLinkingDeps({ db: store.db, platform, oauthServer, clock, keySpec: generateKeySpec("k2") });
    await exchangedSignIn();
    clock.advance(oauthStateLifetimeMs);

    expect(await pruneAbandonedSignIns(deps)).toBe(2);
    expect(revocations()).toBe(1);
    expect(await pruneAbandonedSignIns(deps)).toBe(0);
  });

  it("keeps a cancelled sign-in whose tokens cannot be queued, so cancelling again revokes them", async () => {
    const opened = await exchangedSignIn();
    const request = { state: opened.state, browserKey: opened.browserKey };
    await failRevocationWrites(store, database, "insert");

    await expect(cancelOAuthLink(deps, request)).rejects.toThrow();
    expect(revocations()).toBe(0);

    await removeRevocationFault(store, database);
    expect(await cancelOAuthLink(deps, request)).toMatchObject({ ok: true });
    expect(revocations()).toBe(1);
  });
});
