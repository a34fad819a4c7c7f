// The weeks of the weekly digest, through the receiver as the platform delivers (docs/architecture.md, "The
// weekly digest"): each runs from the refresh before it, so a refresh that comes an hour late drops no hour,
// and activity stored after a refresh but dated before it counts in the next digest rather than in none.
import { describe, expect, it } from "vitest";
import { createOutboxRenderer } from "../../src/announcements/outbox-renderer.js";
import { quietWeekLine } from "../../src/announcements/server-week-digest.js";
import { systemClock } from "../../src/clock.js";
import { recordMemberActivity } from "../../src/store/member-activity.js";
import { createLogger } from "../../src/logger.js";
import { testDatabases } from "../store/databases.js";
import { useIngesting } from "../webhooks/support/ingesting.js";
import { ratingChangedData, standardEvent } from "../webhooks/support/payloads.js";
import { guildA, linkMember } from "../webhooks/support/seed.js";
import { createOutboxRowHelpers } from "./support/outbox-rows.js";

const minute = 60_000;
const day = 24 * 60 * minute;

describe.each(testDatabases())("the weekly digest's weeks on $name", (database) => {
  const { box, store, clock, ingest } = useIngesting(database);
  const helpers = createOutboxRowHelpers({
    get db() {
      return store.db;
    },
    box,
    get render() {
      return createOutboxRenderer({
        db: store.db,
        clock: systemClock,
        logger: createLogger({ level: "silent" }),
      });
    },
  });

  /** Delivers at `at` on the bot's clock an event the platform dated `created`. */
  async function deliver(
    at: number,
    id: string,
    event: string,
    created: number,
    data: Record<string, unknown>,
  ) {
    clock.set(at);
    const result = await ingest(standardEvent({ id, event, created: new Date(created).toISOString(), data }));
    expect(result.status).toBe("accepted");
  }

  const rating = (at: number, id: string, created: number, from: number, to: number) =>
    deliver(at, id, "user.rating_changed", created, ratingChangedData("usr_ada", from, to));

  const refresh = (at: number, id: string, created: number) =>
    deliver(at, id, "system.leaderboard_updated", created, {
      object: "leaderboard",
      id: "global",
      top: [{ rank: 1, user_id: "usr_zed", username: "zed", rating: 2500, tier: "master" }],
    });

  /** The digest as posted in one of the server's channels (a channel takes a refresh's post once). */
  async function digest(eventId: string, channelId = "200000000000000001") {
    const message = await helpers.renderRow(await helpers.queue(eventId, "post", guildA, channelId));
    const gains = message.embeds?.[0]?.fields?.find((field) => field.name === "📈 Biggest gains")?.value;
    return { content: message.content, gains };
  }

  it("counts a change stored after a refresh but dated before it in the next week, and no hour twice or never", async () => {
    await linkMember(store.db, box, { guildId: guildA, userId: "201", platformUserId: "usr_ada" });
    const first = clock.now();
    await refresh(first, "evt_refresh_1", first);
    expect(await digest("evt_refresh_1")).toEqual({ content: quietWeekLine, gains: undefined });

    // The week-closing change, dated 2 s before the refresh, arrives a second after it was stored.
    await rating(first + 1000, "evt_late", first - 2000, 1500, 1540);
    // Half an hour after the refresh, and mid-week.
    await rating(first + 30 * minute, "evt_after", first + 30 * minute, 1540, 1545);
    await rating(first + 3 * day, "evt_mid", first + 3 * day, 1545, 1555);
    // The first week, posted in another channel later, reads as it was posted in the first.
    expect(await digest("evt_refresh_1", "200000000000000002")).toEqual({
      content: quietWeekLine,
      gains: undefined,
    });

    // The next refresh comes an hour late: its week starts where the last one ended, not 7 days before it.
    const second = first + 7 * day + 60 * minute;
    await refresh(second, "evt_refresh_2", second);
    // Stored after the second refresh though dated before it: the third week's.
    await rating(second + 1000, "evt_after_second", second - 1000, 1555, 1600);
    expect(await digest("evt_refresh_2")).toEqual({ content: undefined, gains: "<@201> **+55** (now 1555)" });

    const third = second + 7 * day;
    await refresh(third, "evt_refresh_3", third);
    expect(await digest("evt_refresh_3")).toEqual({ content: undefined, gains: "<@201> **+45** (now 1600)" });
  });

  it("counts a delivery that committed after its week was first read in the next week, never in the first", async () => {
    await linkMember(store.db, box, { guildId: guildA, userId: "201", platformUserId: "usr_ada" });
    const first = clock.now();
    await rating(first - 5 * minute, "evt_before", first - 5 * minute, 1500, 1510);
    await refresh(first, "evt_refresh_1", first);
    expect(await digest("evt_refresh_1")).toEqual({ content: undefined, gains: "<@201> **+10** (now 1510)" });
    // On PostgreSQL a delivery received just before the refresh commits after the week was first read: its
    // row says it was stored before the refresh.
    await recordMemberActivity(store.db, {
      facts: [
        {
          kind: "rating",
          eventId: "evt_committed_late",
          platformUserId: "usr_ada",
          occurredAt: first - 5,
          receivedAt: first - 5,
          ratingChange: 20,
          newRating: 1530,
          promotedTo: null,
        },
      ],
      guildId: undefined,
      now: first + 1000,
    });
    // The week reads as it was first read, in another channel too.
    expect(await digest("evt_refresh_1", "200000000000000002")).toEqual({
      content: undefined,
      gains: "<@201> **+10** (now 1510)",
    });
    const second = first + 7 * day;
    await refresh(second, "evt_refresh_2", second);
    expect(await digest("evt_refresh_2")).toEqual({ content: undefined, gains: "<@201> **+20** (now 1530)" });
  });

  it("reads a week over the range it was first read, though a refresh dated inside it comes later", async () => {
    await linkMember(store.db, box, { guildId: guildA, userId: "201", platformUserId: "usr_ada" });
    const first = clock.now();
    await refresh(first, "evt_refresh_1", first);
    await rating(first + day, "evt_early", first + day, 1500, 1510);
    await rating(first + 5 * day, "evt_later", first + 5 * day, 1510, 1515);
    const second = first + 7 * day;
    await refresh(second, "evt_refresh_2", second);
    expect(await digest("evt_refresh_2")).toEqual({ content: undefined, gains: "<@201> **+15** (now 1515)" });
    // A refresh dated mid-week reaches the bot only now (a redelivery held up somewhere).
    await refresh(second + minute, "evt_refresh_mid", first + 3 * day);
    expect(await digest("evt_refresh_2", "200000000000000002")).toEqual({
      content: undefined,
      gains: "<@201> **+15** (now 1515)",
    });
  });

  it("shows the seven days before a refresh that has none within two weeks before it", async () => {
    await linkMember(store.db, box, { guildId: guildA, userId: "201", platformUserId: "usr_ada" });
    const first = clock.now();
    await refresh(first, "evt_refresh_old", first);
    const later = first + 30 * day;
    await rating(later - 8 * day, "evt_long_ago", later - 8 * day, 1500, 1600);
    await rating(later - day, "evt_recent", later - day, 1600, 1610);
    await refresh(later, "evt_refresh_new", later);
    expect(await digest("evt_refresh_new")).toEqual({
      content: undefined,
      gains: "<@201> **+10** (now 1610)",
    });
  });
});
