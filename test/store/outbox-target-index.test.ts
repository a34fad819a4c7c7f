// Whether a thread's archive went is read for every late battle update, through outbox_target_index
// (migrations/2027-01-02T0000_outbox_target_index.ts) rather than by scanning the whole outbox. SQLite's
// EXPLAIN QUERY PLAN names the index a statement uses; the statements are the ones the store sends.
import { describe, expect, it } from "vitest";
import { wasThreadArchived } from "../../src/store/message-threads.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { planQueriesOf } from "./support/query-plans.js";

describe.each(testDatabases().filter((database) => database.dialect === "sqlite"))(
  "outbox reads by target on $name",
  (database) => {
    const store = useMigratedStore(database);

    it("reads whether a thread was archived through the target index", async () => {
      const plans = await planQueriesOf(store.db, (db) => wasThreadArchived(db, "thread-1"));
      expect(plans).toEqual([expect.stringContaining("USING INDEX outbox_target_index")]);
    });
  },
);
