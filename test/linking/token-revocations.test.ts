// Revoking the tokens the bot stops using is durable (docs/architecture.md, "Linking"): /unlink queues its
// tokens, sealed, in its own transaction and tries them at once; what the platform did not answer (an outage,
// or a process that died after the commit) is sent by the revocation worker, with backoff, until the platform
// answers. The token endpoint is a real server on 127.0.0.1 that records each revocation; the store is each
// test database.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import type { LinkingDeps } from "../../src/linking/linking-deps.js";
import { completeOAuthLink, startOAuthLink } from "../../src/linking/oauth-link.js";
import { createTokenRevocationWorker } from "../../src/linking/token-revocation-worker.js";
import { unlinkMember } from "../../src/linking/unlink-member.js";
import { findMemberLink } from "../../src/store/member-links.js";
import { listTokenRevocations } from "../../src/store/token-revocations.js";
import { startPlatformFixture, type PlatformFixture } from "../api/platform-fixture.js";
import { startOAuthFixture, type OAuthFixture } from "../oauth/oauth-fixture.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { openSignInLink } from "./open-sign-in-link.js";
import { buildLinkingDeps, captureLogs } from "./support/linking-deps.js";

const member = { guildId: "100000000000000001", userId: "200000000000000002" };
const redirectUri = "http://127.0.0.1:3999/oauth/callback";

describe.each(testDatabases())("revoking an unlinked member's tokens on $name", (database) => {
  const store = useMigratedStore(database);
  let oauthServer: OAuthFixture;
  let platform: PlatformFixture;
  let clock: ManualClock;
  let logLines: string[];
  let deps: LinkingDeps;

  beforeEach(async () => {
    oauthServer = await startOAuthFixture();
    platform = await startPlatformFixture();
    clock = new ManualClock(Date.UTC(2026, 0, 1));
    const logs = captureLogs("info");
    logLines = logs.lines;
    deps = buildLinkingDeps({ db: store.db, platform, oauthServer, clock, logger: logs.logger });
  });
  afterEach(async () => {
    await oauthServer.close();
    await platform.close();
  });

  async function linkThroughOAuth(): Promise<{ accessToken: string; refreshToken: string }> {
    const requester = { ...member, memberName: "Alice", memberUsername: "alice", guildName: undefined };
    const { url } = await startOAuthLink(deps, requester, undefined);
    const opened = await openSignInLink(deps, url);
    oauthServer.issueCode("code-1", opened.codeChallenge, redirectUri);
    const result = await completeOAuthLink(deps, {
      state: opened.state,
      code: "code-1",
      browserKey: opened.browserKey,
    });
    expect(result.ok).toBe(true);
    const link = await findMemberLink(deps.db, deps.secretBox, member);
    return {
      accessToken: link?.credential.accessToken ?? "",
      refreshToken: link?.credential.refreshToken ?? "",
    };
  }

  function revokedTokens(): (string | undefined)[] {
    return oauthServer.received
      .filter((request) => request.path === "/oauth/revoke")
      .map((request) => request.params?.token);
  }

  /** What a restarted instance runs: a worker of its own, under another lease owner. */
  function startRevocationWorker() {
    return createTokenRevocationWorker({ ...deps, owner: "restarted", pollIntervalMs: 60_000 });
  }

  it("revokes the tokens once the platform answers again, though the unlink's own attempt failed", async () => {
    const linked = await linkThroughOAuth();
    oauthServer.failRevocations();

    expect(await unlinkMember(deps, member)).toEqual({ wasLinked: true });

    expect(await findMemberLink(deps.db, deps.secretBox, member)).toBeUndefined();
    expect(revokedTokens()).toEqual([linked.refreshToken]);
    const queued = await listTokenRevocations(store.db);
    expect(queued.map((row) => ({ cause: row.cause, attempts: row.attempts }))).toEqual([
      { cause: "unlinked", attempts: 1 },
    ]);
    // Sealed, like every stored secret.
    expect(JSON.stringify(queued)).not.toContain(linked.refreshToken);

    oauthServer.answerRevocations(200);
    const worker = startRevocationWorker();
    // Due 30 s after the failure.
    clock.advance(29_999);
    expect(await worker.runOnce()).toEqual([]);
    clock.advance(1);
    expect(await worker.runOnce()).toEqual(["revoked"]);

    expect(revokedTokens()).toEqual([linked.refreshToken, linked.refreshToken]);
    const revocation = oauthServer.received.filter((request) => request.path === "/oauth/revoke").at(-1);
    expect(revocation?.params).toMatchObject({ token_type_hint: "refresh_token" });
    expect(await listTokenRevocations(store.db)).toEqual([]);
    const logs = logLines.join("\n");
    for (const secret of [linked.accessToken, linked.refreshToken]) expect(logs).not.toContain(secret);
  });

  it("tries again with a longer wait each time the platform fails", async () => {
    const linked = await linkThroughOAuth();
    oauthServer.failRevocations();
    await unlinkMember(deps, member);
    const worker = startRevocationWorker();

    clock.advance(30_000);
    expect(await worker.runOnce()).toEqual(["retry"]);
    // 60 s after the second failure.
    clock.advance(59_999);
    expect(await worker.runOnce()).toEqual([]);
    oauthServer.answerRevocations(200);
    clock.advance(1);
    expect(await worker.runOnce()).toEqual(["revoked"]);

    expect(revokedTokens()).toEqual([linked.refreshToken, linked.refreshToken, linked.refreshToken]);
    expect(await listTokenRevocations(store.db)).toEqual([]);
  });

  it("lets the row go when the platform answers that the token is invalid already", async () => {
    await linkThroughOAuth();
    oauthServer.answerRevocations(400);

    await unlinkMember(deps, member);

    expect(revokedTokens()).toHaveLength(1);
    expect(await listTokenRevocations(store.db)).toEqual([]);
  });

  it("keeps the row when the platform refuses the bot's own client credentials, which an operator can mend", async () => {
    await linkThroughOAuth();
    oauthServer.answerRevocations(401);

    await unlinkMember(deps, member);

    const queued = await listTokenRevocations(store.db);
    expect(queued.map((row) => ({ cause: row.cause, attempts: row.attempts }))).toEqual([
      { cause: "unlinked", attempts: 1 },
    ]);
  });

  it("keeps the row when the platform answers 400 invalid_client, which refuses the bot rather than the token", async () => {
    await linkThroughOAuth();
    oauthServer.answerRevocations(400, "invalid_client");

    await unlinkMember(deps, member);

    const queued = await listTokenRevocations(store.db);
    expect(queued.map((row) => ({ attempts: row.attempts, error: row.last_error }))).toEqual([
      { attempts: 1, error: "the revocation endpoint answered 400 invalid_client" },
    ]);
  });

  it("revokes at once when the platform answers, leaving nothing queued", async () => {
    const linked = await linkThroughOAuth();

    await unlinkMember(deps, member);

    expect(revokedTokens()).toEqual([linked.refreshToken]);
    expect(await listTokenRevocations(store.db)).toEqual([]);
    expect(await startRevocationWorker().runOnce()).toEqual([]);
  });
});
