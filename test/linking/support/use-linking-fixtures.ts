// What the linking tests against each test database share: the migrated store, a fresh OAuth token endpoint
// and platform fixture on 127.0.0.1 for each test, a manual clock, and deps whose logger keeps its lines.
import { afterEach, beforeEach } from "vitest";
import { ManualClock } from "../../../src/clock.js";
import type { LinkingDeps } from "../../../src/linking/linking-deps.js";
import { startPlatformFixture, type PlatformFixture } from "../../api/platform-fixture.js";
import { startOAuthFixture, type OAuthFixture } from "../../oauth/oauth-fixture.js";
import { useMigratedStore, type MigratedStore, type TestDatabase } from "../../store/databases.js";
import { buildLinkingDeps, captureLogs } from "./linking-deps.js";

export interface LinkingFixtures {
  readonly store: MigratedStore;
  /** The fields below are set afresh before each test. */
  oauthServer: OAuthFixture;
  platform: PlatformFixture;
  clock: ManualClock;
  /** What `deps.logger` wrote (info and above). */
  logLines: string[];
  deps: LinkingDeps;
}

/** Registers the hooks; read the fields inside tests and hooks, not when the suite is collected. */
export function useLinkingFixtures(database: TestDatabase): LinkingFixtures {
  const fixtures = { store: useMigratedStore(database) } as LinkingFixtures;
  beforeEach(async () => {
    fixtures.oauthServer = await startOAuthFixture();
    fixtures.platform = await startPlatformFixture();
    fixtures.clock = new ManualClock(Date.UTC(2026, 0, 1));
    const logs = captureLogs("info");
    fixtures.logLines = logs.lines;
    fixtures.deps = buildLinkingDeps({
      db: fixtures.store.db,
      platform: fixtures.platform,
      oauthServer: fixtures.oauthServer,
      clock: fixtures.clock,
      logger: logs.logger,
    });
  });
  afterEach(async () => {
    await fixtures.oauthServer.close();
    await fixtures.platform.close();
  });
  return fixtures;
}
