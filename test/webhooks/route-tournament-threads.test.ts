// Routing with a tournament's thread (docs/architecture.md, "Routing"): once a tournament's post started its
// thread in a channel, that tournament's rating changes routed there go into the thread, summarised there;
// other channels, other tournaments, and a route keeping updates in the channel are posted as before.
import { describe, expect, it } from "vitest";
import { normaliseEvent } from "../../src/events/normalise-event.js";
import type { KnownPlatformEvent } from "../../src/events/platform-event.js";
import { recordThreadStarted } from "../../src/store/message-threads.js";
import { startTournamentThread } from "../../src/store/tournament-threads.js";
import { describeSummaryRow } from "../../src/webhooks/rating-summary-rows.js";
import { routeEvent } from "../../src/webhooks/route-event.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { createTestSecretBox } from "../store/secret-box-fixture.js";
import { ratingChangedData, standardEvent } from "./support/payloads.js";
import { channelOf, guildA, linkMember, subscribe } from "./support/seed.js";

function known(body: string): KnownPlatformEvent {
  const result = normaliseEvent(Buffer.from(body));
  if (!result.ok || result.event.kind === undefined) throw new Error("expected a known event");
  return result.event;
}

const change = (tournamentId: string) =>
  known(
    standardEvent({
      event: "user.rating_changed",
      data: { ...ratingChangedData("usr_ada", 1500, 1530), tournament_id: tournamentId },
    }),
  );

const threaded = channelOf(guildA, 1);
const plain = channelOf(guildA, 2);
const postId = "500000000000000001";
const everywhere = { guildId: undefined };

describe.each(testDatabases())("routing into tournament threads on $name", (database) => {
  const store = useMigratedStore(database);

  async function seed(filters: { battleUpdates?: "channel" } = {}): Promise<void> {
    await linkMember(store.db, createTestSecretBox(), {
      guildId: guildA,
      userId: "200000000000000001",
      platformUserId: "usr_ada",
    });
    for (const channelId of [threaded, plain]) {
      await subscribe(store.db, { guildId: guildA, channelId, kinds: ["user.rating_changed"], filters });
    }
    await startTournamentThread(store.db, {
      guildId: guildA,
      channelId: threaded,
      messageId: postId,
      tournamentId: "trn_1",
      title: "Cup",
      now: 1,
    });
  }

  it("posts a tournament's rating change in its thread once started, summarised there", async () => {
    await seed();
    const before = await routeEvent(store.db, change("trn_1"), everywhere);
    expect(before.map((target) => target.action)).toEqual(["post", "post"]);

    await recordThreadStarted(store.db, { guildId: guildA, messageId: postId });
    const targets = await routeEvent(store.db, change("trn_1"), everywhere);
    expect(targets.map((target) => [target.channelId, target.action, target.targetMessageId]).sort()).toEqual(
      [
        [threaded, "thread-post", postId],
        [plain, "post", null],
      ],
    );
    const inThread = targets.find((target) => target.action === "thread-post");
    expect(describeSummaryRow(change("trn_1"), inThread!, 0)).toMatchObject({
      summaryKey: "tournament:trn_1",
    });
    // Another tournament's change stays in the channel.
    const other = await routeEvent(store.db, change("trn_2"), everywhere);
    expect(other.map((target) => target.action)).toEqual(["post", "post"]);
  });

  it("keeps the changes in the channel where the route asks for updates there", async () => {
    await seed({ battleUpdates: "channel" });
    // The route's choice also kept the thread from starting at all.
    await recordThreadStarted(store.db, { guildId: guildA, messageId: postId });
    const targets = await routeEvent(store.db, change("trn_1"), everywhere);
    expect(targets.map((target) => target.action)).toEqual(["post", "post"]);
  });
});
