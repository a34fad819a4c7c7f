import { describe, expect, it } from "vitest";
import {
  pruneSeenInteractions,
  recordInteraction,
  recordInteractions,
  seenInteractionRetentionMs,
} from "../../src/store/seen-interactions.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { testNow } from "./secret-box-fixture.js";

describe.each(testDatabases())("seen interactions on $name", (database) => {
  const store = useMigratedStore(database);

  it("records an interaction id the first time only", async () => {
    expect(await recordInteraction(store.db, { id: "1300000000000000001", now: testNow })).toBe(true);
    expect(await recordInteraction(store.db, { id: "1300000000000000001", now: testNow + 1000 })).toBe(false);
    expect(await recordInteraction(store.db, { id: "1300000000000000002", now: testNow + 1000 })).toBe(true);
  });

  it("lets only one of two simultaneous records of the same id win", async () => {
    const results = await Promise.all([
      recordInteraction(store.db, { id: "1300000000000000003", now: testNow }),
      recordInteraction(store.db, { id: "1300000000000000003", now: testNow }),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("records several ids in one statement and names only those not seen before", async () => {
    await recordInteraction(store.db, { id: "seen-before", now: testNow });
    const recorded = await recordInteractions(store.db, {
      ids: ["new-1", "seen-before", "new-2", "new-1"],
      now: testNow + 1,
    });
    expect([...recorded].sort()).toEqual(["new-1", "new-2"]);
    expect(await recordInteraction(store.db, { id: "new-2", now: testNow + 2 })).toBe(false);
  });

  it("prunes the ids seen longer ago than the retention, and keeps the others", async () => {
    await recordInteraction(store.db, { id: "old", now: testNow });
    await recordInteraction(store.db, { id: "recent", now: testNow + 1 });
    expect(await pruneSeenInteractions(store.db, testNow + seenInteractionRetentionMs)).toBe(1);
    expect(await recordInteraction(store.db, { id: "old", now: testNow + seenInteractionRetentionMs })).toBe(
      true,
    );
    expect(
      await recordInteraction(store.db, { id: "recent", now: testNow + seenInteractionRetentionMs }),
    ).toBe(false);
  });
});
