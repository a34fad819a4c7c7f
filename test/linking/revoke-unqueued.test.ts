// Dropped tokens whose revocation cannot be queued, the database not taking writes (a queue's row is a write):
// they are sent to the issuer once, directly, rather than left valid (src/linking/revoke-dropped-tokens.ts),
// and the caller still hears that the queueing failed. The fault is real: another connection holds the file's
// write lock past the 5 s busy timeout.
import SqliteDatabase from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import type { LinkingDeps } from "../../src/linking/linking-deps.js";
import { revokeDroppedTokens } from "../../src/linking/revoke-dropped-tokens.js";
import { startPlatformFixture, type PlatformFixture } from "../api/platform-fixture.js";
import { startOAuthFixture, type OAuthFixture } from "../oauth/oauth-fixture.js";
import { sqliteFile, useMigratedStore } from "../store/databases.js";
import { buildLinkingDeps } from "./support/linking-deps.js";
import { revokedTokens } from "./support/oauth-link-flow.js";

describe("dropped tokens while the database cannot queue them", () => {
  const store = useMigratedStore(sqliteFile);
  let oauthServer: OAuthFixture;
  let platform: PlatformFixture;
  let deps: LinkingDeps;

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

  it("sends them to the issuer once, unqueued, and reports the failed queueing", async () => {
    const holder = new SqliteDatabase(store.url.slice("file:".length));
    holder.exec("begin immediate");
    let failure: unknown;
    try {
      failure = await revokeDroppedTokens(deps, {
        guildId: "100000000000000001",
        userId: "200000000000000002",
        tokens: { accessToken: "access-dropped", refreshToken: "refresh-dropped" },
        cause: "unlinked",
      }).then(
        () => undefined,
        (error: unknown) => error,
      );
    } finally {
      holder.exec("rollback");
      holder.close();
    }

    expect(failure).toBeInstanceOf(Error);
    expect(revokedTokens(oauthServer)).toEqual(["refresh-dropped"]);
    expect(await store.db.selectFrom("token_revocations").selectAll().execute()).toEqual([]);
  });
});
