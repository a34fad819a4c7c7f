// Workers claiming the outbox at the same time (docs/architecture.md, "Posting"): on separate connections
// where the database allows it, no channel's rows and no row go to two of them.
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/store/create-db.js";
import { claimDueOutbox } from "../../src/store/outbox-lease.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { testNow } from "./secret-box-fixture.js";
import { enqueue, leaseMs } from "./support/outbox-fixtures.js";

describe.each(testDatabases())("concurrent outbox claims on $name", (database) => {
  const store = useMigratedStore(database);

  it("never gives one channel's rows to two workers claiming at the same time", async () => {
    // Separate connections where the database allows it, so the claims really overlap.
    const extra = database.shared ? await Promise.all([createDb(store.url), createDb(store.url)]) : [];
    try {
      const handles = [store.db, store.db, ...extra.map((other) => other.db)];
      const claimantsByRound: number[] = [];
      for (let round = 0; round < 10; round += 1) {
        const channelId = `30000000000000010${round}`;
        for (let index = 0; index < 6; index += 1) {
          await enqueue(store.db, `evt_${round}_${index}`, { now: testNow - 6 + index, channelId });
        }
        // Owners new to each round, so a round's claims meet only that round's channel free.
        const claims = await Promise.all(
          handles.map((db, worker) =>
            claimDueOutbox(db, { owner: `worker-${round}-${worker}`, now: testNow, leaseMs, limit: 3 }),
          ),
        );
        claimantsByRound.push(claims.filter((claimed) => claimed.length > 0).length);
      }
      expect(claimantsByRound).toEqual(Array(10).fill(1));
    } finally {
      await Promise.all(extra.map((other) => other.close()));
    }
  });

  it("never gives one row to two workers claiming at the same time", async () => {
    const ids = new Set<string>();
    for (let index = 0; index < 60; index += 1) ids.add(await enqueue(store.db, `evt_${index}`));
    // Separate connections where the database allows it, so the claims really overlap.
    const extra = database.shared ? await Promise.all([createDb(store.url), createDb(store.url)]) : [];
    try {
      const handles = [store.db, store.db, ...extra.map((other) => other.db)];
      const claimedBy = await Promise.all(
        handles.map(async (db, worker) => {
          const mine: string[] = [];
          for (;;) {
            const batch = await claimDueOutbox(db, {
              owner: `worker-${worker}`,
              now: testNow,
              leaseMs,
              limit: 7,
            });
            if (batch.length === 0) return mine;
            mine.push(...batch.map((entry) => entry.id));
          }
        }),
      );
      const all = claimedBy.flat();
      expect(all).toHaveLength(ids.size);
      expect(new Set(all)).toEqual(ids);
    } finally {
      await Promise.all(extra.map((other) => other.close()));
    }
  });
});
