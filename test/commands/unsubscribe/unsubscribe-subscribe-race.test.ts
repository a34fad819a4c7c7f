// `/unsubscribe` racing a `/subscribe` of the same channel on PostgreSQL, where both run at once: the
// /subscribe commits its added kind after the /unsubscribe read the route and before it wrote it. The
// /unsubscribe changes the route only as it read it (src/commands/unsubscribe/unsubscribe-channel.ts), so it
// reads the route again and keeps the kind the /subscribe added; writing what it read would drop it. (SQLite
// runs one writer at a time, so there the two cannot interleave.)
import { describe, expect, it } from "vitest";
import type { EventKind } from "../../../src/events/event-kinds.js";
import { unsubscribeChannel } from "../../../src/commands/unsubscribe/unsubscribe-channel.js";
import {
  createSubscription,
  listGuildSubscriptions,
  updateSubscription,
} from "../../../src/store/subscriptions.js";
import { testDatabases, useMigratedStore } from "../../store/databases.js";
import { holdOpen, waitsForTheChange } from "../../store/support/held-transaction.js";

const guildId = "100000000000000001";
const channelId = "300000000000000001";
const now = 1_700_000_000_000;

const postgresDatabases = testDatabases().filter((database) => database.dialect === "postgres");

// Skipped, not empty, without TEST_DATABASE_URL: a file with no suite at all fails the run.
describe.skipIf(postgresDatabases.length === 0)("/unsubscribe racing /subscribe", () => {
  describe.each(postgresDatabases)("on $name", (database) => {
    const store = useMigratedStore(database);

    /** Runs `removing` while a /subscribe's change to the route is written and not yet committed. */
    async function unsubscribeDuringSubscribe(
      change: { readonly eventKinds: readonly EventKind[] },
      removing: () => Promise<unknown>,
    ) {
      const route = await createSubscription(store.db, {
        guildId,
        channelId,
        eventKinds: ["battle.completed", "user.rating_changed"],
        filters: {},
        createdBy: "200000000000000001",
        now,
      });
      // What /subscribe writes (its compare-and-set over the route it read), in a transaction kept open.
      const subscribe = await holdOpen(store.db, async (trx) => {
        const updated = await updateSubscription(trx, {
          guildId,
          id: route.id,
          eventKinds: change.eventKinds,
          filters: {},
          now: now + 1,
          expectedUpdatedAt: route.updatedAt,
        });
        expect(updated).toBeDefined();
      });

      const removal = removing();
      // The /unsubscribe has read the route and waits for the row the /subscribe holds.
      expect(await waitsForTheChange(store.db, subscribe.pid, removal)).toBe("waiting for the change");
      await subscribe.commit();
      return removal;
    }

    it("keeps the kind a /subscribe added between its read and its write", async () => {
      const outcome = await unsubscribeDuringSubscribe(
        { eventKinds: ["battle.completed", "user.rating_changed", "system.tournament_started"] },
        () => unsubscribeChannel(store.db, { guildId, channelId, kinds: ["battle.completed"], now: now + 2 }),
      );

      expect(outcome).toMatchObject({
        result: "reduced",
        removed: ["battle.completed"],
        remaining: ["user.rating_changed", "system.tournament_started"],
      });
      const routes = await listGuildSubscriptions(store.db, guildId);
      expect(routes.map((route) => route.eventKinds)).toEqual([
        ["user.rating_changed", "system.tournament_started"],
      ]);
    });

    it("keeps the route when a /subscribe added a kind the removal of every named kind would have dropped", async () => {
      const outcome = await unsubscribeDuringSubscribe(
        { eventKinds: ["battle.completed", "user.rating_changed", "team.created"] },
        () =>
          unsubscribeChannel(store.db, {
            guildId,
            channelId,
            kinds: ["battle.completed", "user.rating_changed"],
            now: now + 2,
          }),
      );

      expect(outcome).toMatchObject({ result: "reduced", remaining: ["team.created"] });
      const routes = await listGuildSubscriptions(store.db, guildId);
      expect(routes.map((route) => route.eventKinds)).toEqual([["team.created"]]);
    });
  });
});
