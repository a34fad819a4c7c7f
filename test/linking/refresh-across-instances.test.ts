// One token refresh at a time per link across instances (docs/architecture.md, "Linking"): two bot instances
// over one database, each with its own single flight, both finding a member's token about to expire. The
// token endpoint, a real server on 127.0.0.1, rotates refresh tokens and accepts each once; it holds the
// first refresh's answer while the second instance asks. Before, the second sent the same refresh token, was
// refused with invalid_grant and marked the good link as needing a new sign-in.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ManualClock } from "../../src/clock.js";
import type { LinkingDeps } from "../../src/linking/linking-deps.js";
import { getMemberSession } from "../../src/linking/member-credential.js";
import { generateKeySpec } from "../../src/secrets/key-ring.js";
import { takeLinkRefreshLease } from "../../src/store/link-refresh-leases.js";
import { findMemberLink } from "../../src/store/member-links.js";
import { startPlatformFixture, type PlatformFixture } from "../api/platform-fixture.js";
import { startOAuthFixture, type OAuthFixture } from "../oauth/oauth-fixture.js";
import { testDatabases, useMigratedStore, type TestDatabase } from "../store/databases.js";
import { buildLinkingDeps, captureLogs } from "./support/linking-deps.js";
import { linkThroughOAuth } from "./support/oauth-link-flow.js";

const member = { guildId: "100000000000000001", userId: "200000000000000002" };
/** Past the token's hour: it must be refreshed before use. */
const expired = 3600 * 1000 + 1000;

/**
 * Two instances over `database`'s store, each with its own single flight; the second's log lines are kept.
 */
function useTwoInstances(database: TestDatabase) {
  const store = useMigratedStore(database);
  const world = {} as {
    oauthServer: OAuthFixture;
    platform: PlatformFixture;
    clock: ManualClock;
    first: LinkingDeps;
    second: LinkingDeps;
    secondLogs: string[];
  };

  beforeAll(async () => {
    world.oauthServer = await startOAuthFixture();
    world.platform = await startPlatformFixture();
  });
  afterAll(async () => {
    await world.oauthServer.close();
    await world.platform.close();
  });
  beforeEach(() => {
    const { oauthServer, platform } = world;
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const keySpec = generateKeySpec("k1");
    const captured = captureLogs("info");
    Object.assign(world, {
      clock,
      secondLogs: captured.lines,
      first: buildLinkingDeps({ db: store.db, platform, oauthServer, clock, keySpec }),
      second: buildLinkingDeps({
        db: store.db,
        platform,
        oauthServer,
        clock,
        keySpec,
        logger: captured.logger,
      }),
    });
  });

  /** Links the member through OAuth, then moves the clock `ms` on (the token lives an hour). */
  async function linkAndWait(ms: number): Promise<void> {
    await linkThroughOAuth(world.first, world.oauthServer, member);
    world.clock.advance(ms);
  }

  const refreshRequests = () =>
    world.oauthServer.received.filter((request) => request.params?.grant_type === "refresh_token").length;
  const secondIsWaiting = () =>
    world.secondLogs.some((line) => line.includes("another instance is refreshing"));

  /** The first instance's session, its refresh sent and its answer held until `release`. */
  async function startHeldRefreshOnFirst() {
    const before = refreshRequests();
    const release = world.oauthServer.holdAnswers();
    const fromFirst = getMemberSession(world.first, member);
    fromFirst.catch(() => undefined);
    await vi.waitFor(
      () => {
        expect(refreshRequests()).toBe(before + 1);
      },
      { timeout: 15_000, interval: 20 },
    );
    return { before, release, fromFirst };
  }

  return { store, world, linkAndWait, refreshRequests, secondIsWaiting, startHeldRefreshOnFirst };
}

describe.each(testDatabases())("a token refresh asked for by two instances at once on $name", (database) => {
  const { world, linkAndWait, refreshRequests, secondIsWaiting, startHeldRefreshOnFirst } =
    useTwoInstances(database);

  it("sends the refresh once: the second instance waits for the token the first stores, and the link stays active", async () => {
    const { first, second, oauthServer } = world;
    await linkAndWait(expired);
    const { before, release, fromFirst } = await startHeldRefreshOnFirst();

    const fromSecond = getMemberSession(second, member);
    fromSecond.catch(() => undefined);
    // The second either waits for the first (and says so) or, as before, sends the same refresh token.
    await vi.waitFor(
      () => {
        expect(secondIsWaiting() || refreshRequests() > before + 1).toBe(true);
      },
      {
        timeout: 15_000,
        interval: 20,
      },
    );
    release();

    const [one, two] = await Promise.all([fromFirst, fromSecond]);
    expect(refreshRequests()).toBe(before + 1);
    const refreshed = oauthServer.issued.at(-1)?.accessToken;
    expect(one.credential.token).toBe(refreshed);
    expect(two.credential.token).toBe(refreshed);
    const stored = await findMemberLink(first.db, first.secretBox, member);
    expect(stored).toMatchObject({ status: "active", credential: { accessToken: refreshed } });
  });

  it("uses a token still good while another instance refreshes it, sending no refresh of its own", async () => {
    const { second, oauthServer } = world;
    await linkAndWait(3600 * 1000 - 30 * 1000);
    const stillGood = oauthServer.issued.at(-1)?.accessToken;
    const { before, release, fromFirst } = await startHeldRefreshOnFirst();

    // Before, the second sent the same refresh token; now it goes on with the token it has.
    const fromSecond = await getMemberSession(second, member).finally(release);
    expect(fromSecond.credential.token).toBe(stillGood);
    expect((await fromFirst).credential.token).toBe(oauthServer.issued.at(-1)?.accessToken);
    expect(refreshRequests()).toBe(before + 1);
    expect(secondIsWaiting()).toBe(false);
  });
});

// On PostgreSQL a lease runs on the database's clock, which a test cannot move; SQLite's is the injected one.
describe.each(testDatabases().filter((database) => database.dialect === "sqlite"))(
  "a refresh lease left by an instance that stopped, on $name",
  (database) => {
    const { store, world, linkAndWait, refreshRequests, secondIsWaiting } = useTwoInstances(database);

    it("is taken over once it ends, and the refresh sent then", async () => {
      await linkAndWait(expired);
      const linkKey = `${member.guildId}:${member.userId}`;
      const held = { linkKey, owner: "gone", now: world.clock.now(), leaseMs: 15_000 };
      expect(await takeLinkRefreshLease(store.db, held)).toBe(true);
      const before = refreshRequests();
      const session = getMemberSession(world.second, member);
      session.catch(() => undefined);
      await vi.waitFor(
        () => {
          expect(secondIsWaiting()).toBe(true);
        },
        { timeout: 15_000, interval: 20 },
      );
      expect(refreshRequests()).toBe(before);
      world.clock.advance(15_000);

      expect((await session).credential.token).toBe(world.oauthServer.issued.at(-1)?.accessToken);
      expect(refreshRequests()).toBe(before + 1);
      expect(await store.db.selectFrom("link_refresh_leases").selectAll().execute()).toEqual([]);
    });
  },
);
