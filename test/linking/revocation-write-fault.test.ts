// Trying a queued revocation at once never fails what the member did (docs/architecture.md, "Linking"): the
// link or unlink is committed first, so a database write of the attempt that fails (the claim, or finishing
// the row) is logged and the row left queued for the revocation worker; the tokens of the link just saved
// are never revoked for it. The fault is a real one, a trigger on the table; the token endpoint is a real
// server on 127.0.0.1.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import type { LinkingDeps } from "../../src/linking/linking-deps.js";
import { unlinkMember } from "../../src/linking/unlink-member.js";
import { findMemberLink } from "../../src/store/member-links.js";
import { listTokenRevocations } from "../../src/store/token-revocations.js";
import { startPlatformFixture, type PlatformFixture } from "../api/platform-fixture.js";
import { startOAuthFixture, type OAuthFixture } from "../oauth/oauth-fixture.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { linkThroughOAuth, revokedTokens } from "./support/oauth-link-flow.js";
import { buildLinkingDeps, captureLogs } from "./support/linking-deps.js";
import { failRevocationWrites, removeRevocationFault } from "./support/revocation-faults.js";

const member = { guildId: "100000000000000001", userId: "200000000000000002" };

describe.each(testDatabases())("a revocation whose database write fails on $name", (database) => {
  const store = useMigratedStore(database);
  let oauthServer: OAuthFixture;
  let platform: PlatformFixture;
  let logLines: string[];
  let deps: LinkingDeps;

  beforeEach(async () => {
    oauthServer = await startOAuthFixture();
    platform = await startPlatformFixture();
    const logs = captureLogs("info");
    logLines = logs.lines;
    deps = buildLinkingDeps({
      db: store.db,
      platform,
      oauthServer,
      clock: new ManualClock(Date.UTC(2026, 0, 1)),
      logger: logs.logger,
    });
  });
  afterEach(async () => {
    await removeRevocationFault(store, database);
    await oauthServer.close();
    await platform.close();
  });

  it.each([
    ["the claim", "update", []],
    ["finishing the row", "delete", ["first"]],
  ] as const)("links again and keeps the new tokens when %s fails", async (_name, write, revoked) => {
    const first = await linkThroughOAuth(deps, oauthServer, member);
    await failRevocationWrites(store, database, write);

    // The second sign-in is another platform account: the first one's tokens are queued.
    platform.queueReplies({ body: { id: "user_bob", username: "bob", rating: 1500, tier: "gold" } });
    const second = await linkThroughOAuth(deps, oauthServer, member);

    const stored = await findMemberLink(deps.db, deps.secretBox, member);
    expect(stored).toMatchObject({
      platformUserId: "user_bob",
      credential: { refreshToken: second.refreshToken },
    });
    expect(revokedTokens(oauthServer)).toEqual(revoked.map(() => first.refreshToken));
    const queued = await listTokenRevocations(store.db);
    expect(queued.map((row) => row.cause)).toEqual(["relinked"]);
    const warnings = logLines.filter((line) => line.includes("could not be tried at once"));
    expect(warnings).toHaveLength(1);
    const logs = logLines.join("\n");
    for (const secret of [first.accessToken, first.refreshToken, second.accessToken, second.refreshToken])
      expect(logs).not.toContain(secret);
  });

  it("unlinks when the claim fails, the tokens left queued", async () => {
    const linked = await linkThroughOAuth(deps, oauthServer, member);
    await failRevocationWrites(store, database, "update");

    expect(await unlinkMember(deps, member)).toEqual({ wasLinked: true });

    expect(await findMemberLink(deps.db, deps.secretBox, member)).toBeUndefined();
    expect(revokedTokens(oauthServer)).toEqual([]);
    const queued = await listTokenRevocations(store.db);
    expect(queued.map((row) => ({ cause: row.cause, attempts: row.attempts }))).toEqual([
      { cause: "unlinked", attempts: 0 },
    ]);
    expect(logLines.join("\n")).not.toContain(linked.refreshToken);
  });
});
