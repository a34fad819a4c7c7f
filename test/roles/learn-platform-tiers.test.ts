// Reading the platform's tiers for `/setup roles create` (docs/architecture.md, "Tier roles"): a bounded
// number of global leaderboard pages, spread over the whole ranking so its lowest tiers are read too, each
// tier recorded with the ratings it was seen at, which orders them.
import { describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { learnPlatformTiers, maxTierPages } from "../../src/roles/learn-platform-tiers.js";
import { listTiers } from "../../src/store/tiers.js";
import { testDatabases, useMigratedStore, type TestDatabase } from "../store/databases.js";
import { createFixtureClient, credential, usePlatformFixture } from "../api/platform-fixture.js";

const fixture = usePlatformFixture();
const sqliteInMemory = testDatabases()[0] as TestDatabase;

/** A ranking where each 1000 places down is a tier lower. */
function tierAt(offset: number): string {
  return ["legend", "master", "gold", "silver", "wood"][Math.floor(offset / 1000)] ?? "wood";
}

function pageAt(offset: number, paging: { total?: number; hasMore?: boolean }) {
  return {
    body: {
      rankings: [
        {
          rank: offset + 1,
          user: {
            id: `usr_${offset}`,
            username: `player${offset}`,
            rating: 3000 - offset / 2,
            tier: tierAt(offset),
          },
        },
      ],
      ...paging,
    },
  };
}

const requestedOffsets = () =>
  fixture.requests.map((request) => {
    expect(request.path).toBe("/v1/leaderboards/global");
    expect(request.query.get("limit")).toBe("100");
    return Number(request.query.get("offset"));
  });

describe("learning the platform's tiers from the global leaderboard", () => {
  const store = useMigratedStore(sqliteInMemory);

  it("reads at most ten pages spread from the top of a long ranking to its end, and orders the tiers seen", async () => {
    const offsets = [0, 544, 1089, 1633, 2178, 2722, 3267, 3811, 4356, 4900];
    fixture.queueReplies(...offsets.map((offset) => pageAt(offset, { total: 5000, hasMore: true })));
    const { http } = createFixtureClient(fixture);

    const learned = await learnPlatformTiers(
      { platform: http, db: store.db, clock: new ManualClock() },
      credential,
    );

    expect(requestedOffsets()).toEqual(offsets);
    expect(learned).toBe(5);
    expect((await listTiers(store.db)).map(({ tier }) => tier)).toEqual([
      "wood",
      "silver",
      "gold",
      "master",
      "legend",
    ]);
  });

  it("follows the pages one after another while the platform says more follow, up to ten", async () => {
    const replies = Array.from({ length: maxTierPages + 2 }, (_, page) =>
      pageAt(page * 100, { hasMore: true }),
    );
    fixture.queueReplies(...replies);
    const { http } = createFixtureClient(fixture);

    await learnPlatformTiers({ platform: http, db: store.db, clock: new ManualClock() }, credential);

    expect(requestedOffsets()).toEqual(Array.from({ length: maxTierPages }, (_, page) => page * 100));
  });

  it("stops at the page that says none follow", async () => {
    fixture.queueReplies(pageAt(0, { hasMore: true }), pageAt(100, { hasMore: false }));
    const { http } = createFixtureClient(fixture);

    await learnPlatformTiers({ platform: http, db: store.db, clock: new ManualClock() }, credential);

    expect(requestedOffsets()).toEqual([0, 100]);
  });
});
