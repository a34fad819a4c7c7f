// Revoking the tokens the bot stops using is durable (docs/architecture.md, "Linking"): /unlink queues its
// tokens, sealed, in its own transaction and tries them at once; what the platform did not answer (an outage,
// or a process that died after the commit) is sent by the revocation worker, with backoff, until the platform
// answers. The token endpoint is a real server on 127.0.0.1 that records each revocation; the store is each
// test database.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import type { LinkingDeps } from "../../src/linking/linking-deps.js";
import { createTokenRevocationWorker } from "../../src/linking/token-revocation-worker.js";
import { unlinkMember } from "../../src/linking/unlink-member.js";
import { findMemberLink } from "../../src/store/member-links.js";
import { listTokenRevocations } from "../../src/store/token-revocations.js";
import { startPlatformFixture, type PlatformFixture } from "../api/platform-fixture.js";
import { startOAuthFixture, type OAuthFixture } from "../oauth/oauth-fixture.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { linkThroughOAuth, revokedTokens } from "./support/oauth-link-flow.js";
import { buildLinkingDeps, captureLogs } from "./support/linking-deps.js";

const member = { guildId: "100000000000000001", userId: "200000000000000002" };

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

  /** What a restarted instance runs: a worker of its own, under another lease owner. */
  function startRevocationWorker() {
    return createTokenRevocationWorker({ ...deps, owner: "restarted", pollIntervalMs: 60_000 });
  }

  it("revokes the tokens once the platform answers again, though the unlink's own attempt failed", async () => {
    const linked = await linkThroughOAuth(deps, oauthServer, member);
    oauthServer.failRevocations();

    expect(await unlinkMember(deps, member)).toEqual({ wasLinked: true });

    expect(await findMemberLink(deps.db, deps.secretBox, member)).toBeUndefined();
    expect(revokedTokens(oauthServer)).toEqual([linked.refreshToken]);
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

    expect(revokedTokens(oauthServer)).toEqual([linked.refreshToken, linked.refreshToken]);
    const revocation = oauthServer.received.filter((request) => request.path === "/oauth/revoke").at(-1);
    expect(revocation?.params).toMatchObject({ token_type_hint: "refresh_token" });
    expect(await listTokenRevocations(store.db)).toEqual([]);
    const logs = logLines.join("\n");
    for (const secret of [linked.accessToken, linked.refreshToken]) expect(logs).not.toContain(secret);
  });

  it("tries again with a longer wait each time the platform fails", async () => {
    const linked = await linkThroughOAuth(deps, oauthServer, member);
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

    expect(revokedTokens(oauthServer)).toEqual([
      linked.refreshToken,
      linked.refreshToken,
      linked.refreshToken,
    ]);
    expect(await listTokenRevocations(store.db)).toEqual([]);
  });

  it("lets the row go when the platform answers that the token is invalid already", async () => {
    await linkThroughOAuth(deps, oauthServer, member);
    oauthServer.answerRevocations(400);

    await unlinkMember(deps, member);

    expect(revokedTokens(oauthServer)).toHaveLength(1);
    expect(await listTokenRevocations(store.db)).toEqual([]);
  });

  it("keeps the row when the platform refuses the bot's own client credentials, which an operator can mend", async () => {
    await linkThroughOAuth(deps, oauthServer, member);
    oauthServer.answerRevocations(401);

    await unlinkMember(deps, member);

    const queued = await listTokenRevocations(store.db);
    expect(queued.map((row) => ({ cause: row.cause, attempts: row.attempts }))).toEqual([
      { cause: "unlinked", attempts: 1 },
    ]);
  });

  it("keeps the row when the platform answers 400 invalid_client, which refuses the bot rather than the token", async () => {
    await linkThroughOAuth(deps, oauthServer, member);
    oauthServer.answerRevocations(400, "invalid_client");

    await unlinkMember(deps, member);

    const queued = await listTokenRevocations(store.db);
    expect(queued.map((row) => ({ attempts: row.attempts, error: row.last_error }))).toEqual([
      { attempts: 1, error: "the revocation endpoint answered 400 invalid_client" },
    ]);
  });

  it("revokes at once when the platform answers, leaving nothing queued", async () => {
    const linked = await linkThroughOAuth(deps, oauthServer, member);

    await unlinkMember(deps, member);

    expect(revokedTokens(oauthServer)).toEqual([linked.refreshToken]);
    expect(await listTokenRevocations(store.db)).toEqual([]);
    expect(await startRevocationWorker().runOnce()).toEqual([]);
  });
});
