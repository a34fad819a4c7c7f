import { describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { createReplayGuard } from "../../src/http/replay-guard.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";

describe.each(testDatabases())("the replay guard of POST /interactions on $name", (database) => {
  const store = useMigratedStore(database);
  const clock = new ManualClock(1_800_000_000_000);
  // Which offers go through is checked here, not how fast: the route's 1 s budget is a bound a loaded CI
  // machine's PostgreSQL missed for the tail of 300 transactions at once (interactions-write-lock.test.ts
  // checks the budget).
  const budgetMs = 30_000;

  it("lets each of a burst of different ids through once", async () => {
    const isFirstSight = createReplayGuard(store.db, clock, budgetMs);
    const ids = Array.from({ length: 300 }, (_, index) => `13000000000000${String(index).padStart(5, "0")}`);
    const first = await Promise.all(ids.map((id) => isFirstSight(id)));
    expect(first.filter(Boolean)).toHaveLength(ids.length);
    const again = await Promise.all(ids.map((id) => isFirstSight(id)));
    expect(again.filter(Boolean)).toHaveLength(0);
  });

  it("lets only one of the same id offered many times at once through", async () => {
    const isFirstSight = createReplayGuard(store.db, clock, budgetMs);
    const results = await Promise.all(Array.from({ length: 10 }, () => isFirstSight("1300000000000000042")));
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
