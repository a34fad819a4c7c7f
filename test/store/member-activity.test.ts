// The per-server activity read model behind the weekly digest and `/leaderboard server period`
// (docs/architecture.md, "The weekly digest"): recorded once per event, member and server, read per period
// for the members still linked, and pruned after a year.
import { describe, expect, it } from "vitest";
import {
  pruneMemberActivity,
  recordMemberActivity,
  type ActivityFact,
} from "../../src/store/member-activity.js";
import {
  listMemberPeriodTotals,
  listPeriodAchievements,
  listPeriodPromotions,
} from "../../src/store/member-activity-periods.js";
import { deleteMemberLink, saveMemberLink } from "../../src/store/member-links.js";
import { testDatabases, useMigratedStore, type TestDatabase } from "./databases.js";
import { createTestSecretBox, testNow } from "./secret-box-fixture.js";

const box = createTestSecretBox();
const guildA = "100000000000000001";
const guildB = "100000000000000002";
const hour = 60 * 60 * 1000;
const day = 24 * hour;
const week = { from: testNow - 7 * day, to: testNow };

function rating(
  eventId: string,
  user: string,
  change: number,
  at: number,
  promotedTo: string | null = null,
  tierAfter: string | null = promotedTo,
  tierBefore: string | null = null,
  newRating: number | null = 1500 + change,
) {
  return {
    kind: "rating",
    eventId,
    platformUserId: user,
    occurredAt: at,
    ratingChange: change,
    newRating,
    promotedTo,
    tierAfter,
    tierBefore,
  } as const satisfies ActivityFact;
}

function battle(
  eventId: string,
  user: string,
  battleId: string,
  outcome: "won" | "lost" | "draw",
  at: number,
) {
  return { kind: "battle", eventId, platformUserId: user, occurredAt: at, battleId, outcome } as const;
}

describe.each(testDatabases())("member activity on $name", (database) => {
  const store = useMigratedStore(database);

  async function link(guildId: string, userId: string, platformUserId: string): Promise<void> {
    await saveMemberLink(store.db, box, {
      guildId,
      userId,
      platformUserId,
      platformUsername: platformUserId,
      credentialKind: "api_key",
      credential: { accessToken: "key" },
      now: testNow,
    });
  }

  async function record(facts: readonly ActivityFact[], guildId?: string, now = testNow): Promise<number> {
    return recordMemberActivity(store.db, { facts, guildId, now });
  }

  it("records a fact once in every server where its user is linked, and a repeat adds nothing", async () => {
    await link(guildA, "201", "usr_ann");
    // Two members of one server linked the same account: still one row there.
    await link(guildA, "202", "usr_ann");
    await link(guildB, "301", "usr_ann");
    const facts = [rating("evt_1", "usr_ann", 12, testNow - hour), rating("evt_1", "usr_nobody", 5, testNow)];

    expect(await record(facts)).toBe(2);
    expect(await record(facts)).toBe(0);

    for (const guildId of [guildA, guildB]) {
      const totals = await listMemberPeriodTotals(store.db, { guildId, window: week });
      expect(totals).toEqual([
        { platformUserId: "usr_ann", ratingChange: 12, latestRating: 1512, battlesPlayed: 0, battlesWon: 0 },
      ]);
    }
  });

  it("records an event from one server's own endpoint in that server only", async () => {
    await link(guildA, "201", "usr_ann");
    await link(guildB, "301", "usr_ann");
    expect(await record([rating("evt_1", "usr_ann", 12, testNow)], guildB)).toBe(1);
    expect(await listMemberPeriodTotals(store.db, { guildId: guildA, window: week })).toEqual([]);
    expect(await listMemberPeriodTotals(store.db, { guildId: guildB, window: week })).toHaveLength(1);
  });

  it("sums a period's changes and counts each battle once, a team battle's two events included", async () => {
    await link(guildA, "201", "usr_ann");
    await link(guildA, "202", "usr_ben");
    await record([
      rating("evt_r1", "usr_ann", 16, testNow - 3 * day),
      rating("evt_r2", "usr_ann", -4, testNow - 2 * day),
      rating("evt_r3", "usr_ben", -16, testNow - 3 * day),
      battle("evt_b1", "usr_ann", "bat_1", "won", testNow - 3 * day),
      battle("evt_b1", "usr_ben", "bat_1", "lost", testNow - 3 * day),
      battle("evt_b2", "usr_ann", "bat_2", "lost", testNow - 2 * day),
      // bat_3 was a team battle: battle.completed says lost, team.battle_completed says the team won.
      battle("evt_b3", "usr_ben", "bat_3", "lost", testNow - day),
      battle("evt_t3", "usr_ben", "bat_3", "won", testNow - day),
    ]);

    const totals = await listMemberPeriodTotals(store.db, { guildId: guildA, window: week });

    expect(totals).toEqual([
      { platformUserId: "usr_ann", ratingChange: 12, latestRating: 1496, battlesPlayed: 2, battlesWon: 1 },
      { platformUserId: "usr_ben", ratingChange: -16, latestRating: 1484, battlesPlayed: 2, battlesWon: 1 },
    ]);
  });

  it("takes rows after the period's start up to and including its end", async () => {
    await link(guildA, "201", "usr_ann");
    await record([
      rating("evt_at_start", "usr_ann", 100, week.from),
      rating("evt_after_start", "usr_ann", 1, week.from + 1),
      rating("evt_at_end", "usr_ann", 2, week.to),
      rating("evt_after_end", "usr_ann", 1000, week.to + 1),
    ]);
    const [totals] = await listMemberPeriodTotals(store.db, { guildId: guildA, window: week });
    expect(totals?.ratingChange).toBe(3);
    expect(totals?.latestRating).toBe(1502);
  });

  it("leaves out members who have unlinked since, and pages through the rest by rating gained", async () => {
    for (const [index, user] of ["usr_a", "usr_b", "usr_c", "usr_d"].entries()) {
      await link(guildA, `20${String(index)}`, user);
      await record([rating(`evt_${user}`, user, (index + 1) * 10, testNow - day)]);
    }
    await deleteMemberLink(store.db, { guildId: guildA, userId: "203" });

    const first = await listMemberPeriodTotals(store.db, { guildId: guildA, window: week, limit: 2 });
    const second = await listMemberPeriodTotals(store.db, {
      guildId: guildA,
      window: week,
      limit: 2,
      offset: 2,
    });

    expect(first.map((row) => [row.platformUserId, row.ratingChange])).toEqual([
      ["usr_c", 30],
      ["usr_b", 20],
    ]);
    expect(second.map((row) => row.platformUserId)).toEqual(["usr_a"]);
  });

  it("lists a period's promotions and achievements, oldest first", async () => {
    await link(guildA, "201", "usr_ann");
    await link(guildA, "202", "usr_ben");
    await record([
      rating("evt_r1", "usr_ben", 30, testNow - day, "gold"),
      rating("evt_r2", "usr_ann", 20, testNow - 2 * day, "silver"),
      rating("evt_r3", "usr_ann", 5, testNow - day),
      rating("evt_old", "usr_ann", 50, testNow - 8 * day, "platinum"),
      {
        kind: "achievement",
        eventId: "evt_a1",
        platformUserId: "usr_ann",
        occurredAt: testNow - hour,
        achievement: "First Win",
      },
    ]);

    const query = { guildId: guildA, window: week };
    expect(await listPeriodPromotions(store.db, query)).toEqual([
      { platformUserId: "usr_ann", name: "silver", occurredAt: testNow - 2 * day },
      { platformUserId: "usr_ben", name: "gold", occurredAt: testNow - day },
    ]);
    expect(await listPeriodAchievements(store.db, query)).toEqual([
      { platformUserId: "usr_ann", name: "First Win", occurredAt: testNow - hour },
    ]);
  });

  it("lists a promotion only while the member holds its tier after the period's last change", async () => {
    await link(guildA, "201", "usr_ann");
    await link(guildA, "202", "usr_ben");
    await link(guildA, "203", "usr_cy");
    await link(guildA, "204", "usr_dee");
    await record([
      // Up to Gold, then back to Silver: the week kept no promotion.
      rating("evt_a1", "usr_ann", 40, testNow - 3 * day, "Gold"),
      rating("evt_a2", "usr_ann", -50, testNow - day, null, "Silver"),
      // Up to Gold, on to Platinum, back to Gold: Gold is where the week left her.
      rating("evt_b1", "usr_ben", 40, testNow - 4 * day, "gold"),
      rating("evt_b2", "usr_ben", 60, testNow - 3 * day, "platinum"),
      rating("evt_b3", "usr_ben", -30, testNow - 2 * day, null, " GOLD "),
      // Up to Gold, then a change within Gold and one that named no tier.
      rating("evt_c1", "usr_cy", 40, testNow - 3 * day, "gold"),
      rating("evt_c2", "usr_cy", 5, testNow - 2 * day, null, "gold"),
      rating("evt_c3", "usr_cy", -5, testNow - day, null, null),
      // Down after the week's end: not this week's business.
      rating("evt_d1", "usr_dee", 40, testNow - 2 * day, "gold"),
      rating("evt_d2", "usr_dee", -50, testNow + hour, null, "silver"),
    ]);

    expect(await listPeriodPromotions(store.db, { guildId: guildA, window: week })).toEqual([
      { platformUserId: "usr_ben", name: "gold", occurredAt: testNow - 4 * day },
      { platformUserId: "usr_cy", name: "gold", occurredAt: testNow - 3 * day },
      { platformUserId: "usr_dee", name: "gold", occurredAt: testNow - 2 * day },
    ]);
  });

  it("lists no promotion that only won back what the period took, nor one of a member who ends lower", async () => {
    for (const [index, user] of [
      "usr_ann",
      "usr_ben",
      "usr_cy",
      "usr_dee",
      "usr_eve",
      "usr_fay",
      "usr_gus",
      "usr_hal",
      "usr_ivy",
    ].entries()) {
      await link(guildA, String(201 + index), user);
    }
    await record([
      // Gold at the week's start, down to Silver, back up to Gold: where the week found her.
      rating("evt_a1", "usr_ann", -40, testNow - 3 * day, null, "Silver", "Gold"),
      rating("evt_a2", "usr_ann", 50, testNow - day, "Gold", "Gold", "Silver"),
      // Platinum at the start, down to Silver, up to Gold: lower than the week found him.
      rating("evt_b1", "usr_ben", -90, testNow - 4 * day, null, "silver", "platinum"),
      rating("evt_b2", "usr_ben", 40, testNow - 2 * day, "gold", "gold", "silver"),
      // Silver to Gold: a promotion the week kept.
      rating("evt_c1", "usr_cy", 40, testNow - 3 * day, "gold", "gold", "silver"),
      // Tiers whose order is not known: the same tier at both ends tells.
      rating("evt_d1", "usr_dee", -40, testNow - 3 * day, null, "Wood", "Stone"),
      rating("evt_d2", "usr_dee", 40, testNow - 2 * day, "Stone", "Stone", "Wood"),
      // And so does the rating: Stone at 1,900, down to Wood, up to Clay at 1,650 ends lower than it began…
      rating("evt_e1", "usr_eve", -400, testNow - 4 * day, null, "Wood", "Stone", 1500),
      rating("evt_e2", "usr_eve", 150, testNow - 2 * day, "Clay", "Clay", "Wood", 1650),
      // …and Wood at 1,500 up to Clay at 1,650 ends higher.
      rating("evt_f1", "usr_fay", 150, testNow - day, "Clay", "Clay", "Wood", 1650),
      // Neither order nor rating told: another tier at the end is all there is to go by.
      rating("evt_g1", "usr_gus", -400, testNow - 4 * day, null, "Wood", "Stone", null),
      rating("evt_g2", "usr_gus", 150, testNow - 2 * day, "Clay", "Clay", "Wood", null),
      // Clay reached at 1,850 is below Stone at 1,900, though a later change that named no tier took her to
      // 1,950: the rating held in each tier tells, not the week's last one.
      rating("evt_h1", "usr_hal", -400, testNow - 4 * day, null, "Wood", "Stone", 1500),
      rating("evt_h2", "usr_hal", 350, testNow - 3 * day, "Clay", "Clay", "Wood", 1850),
      rating("evt_h3", "usr_hal", 100, testNow - 2 * day, null, null, null, 1950),
      // A point below the start is within the rounding of the stored ratings: no telling, so another tier counts.
      rating("evt_i1", "usr_ivy", -400, testNow - 4 * day, null, "Wood", "Stone", 1500),
      rating("evt_i2", "usr_ivy", 399, testNow - 2 * day + hour, "Clay", "Clay", "Wood", 1899),
    ]);

    expect(await listPeriodPromotions(store.db, { guildId: guildA, window: week })).toEqual([
      { platformUserId: "usr_cy", name: "gold", occurredAt: testNow - 3 * day },
      { platformUserId: "usr_gus", name: "Clay", occurredAt: testNow - 2 * day },
      { platformUserId: "usr_ivy", name: "Clay", occurredAt: testNow - 2 * day + hour },
      { platformUserId: "usr_fay", name: "Clay", occurredAt: testNow - day },
    ]);
  });

  it("takes the week's first tier only from rows that tell it, and one tier however it is written", async () => {
    for (const [index, user] of ["usr_ann", "usr_ben", "usr_cy", "usr_dee", "usr_eve"].entries()) {
      await link(guildA, String(201 + index), user);
    }
    await record([
      // Her first row predates tier_before: where the week found her is not known, so both stay listed.
      rating("evt_a1", "usr_ann", 40, testNow - 4 * day, "Gold", "Gold", null),
      rating("evt_a2", "usr_ann", -50, testNow - 3 * day, null, "Silver", "Gold"),
      rating("evt_a3", "usr_ann", 50, testNow - 2 * day, "Gold", "Gold", "Silver"),
      // Two spellings of one tier at the week's start and end: no promotion.
      rating("evt_b1", "usr_ben", -40, testNow - 3 * day, null, "Master", "Grand Master"),
      rating("evt_b2", "usr_ben", 40, testNow - 2 * day, "grandmaster", "grandmaster", "master"),
      // Promoted to grandmaster, which the week's last change writes another way: still where she ends.
      rating("evt_c1", "usr_cy", 40, testNow - 3 * day, "grandmaster", "grandmaster", "master"),
      rating("evt_c2", "usr_cy", 5, testNow - 2 * day, null, "Grand Master", "grandmaster"),
      // Two first changes at one instant that disagree on the tier before: the start is not known.
      rating("evt_z", "usr_dee", 40, testNow - 3 * day, "gold", "gold", "silver"),
      rating("evt_a", "usr_dee", 40, testNow - 3 * day, "platinum", "platinum", "gold"),
      // Silver at the start, Gold at the end, by way of a fall: both climbs to Gold are the week's.
      rating("evt_e1", "usr_eve", 40, testNow - 4 * day, "gold", "gold", "silver"),
      rating("evt_e2", "usr_eve", -40, testNow - 3 * day, null, "silver", "gold"),
      rating("evt_e3", "usr_eve", 40, testNow - 2 * day, "gold", "gold", "silver"),
    ]);

    expect(await listPeriodPromotions(store.db, { guildId: guildA, window: week })).toEqual([
      { platformUserId: "usr_ann", name: "Gold", occurredAt: testNow - 4 * day },
      { platformUserId: "usr_eve", name: "gold", occurredAt: testNow - 4 * day },
      { platformUserId: "usr_cy", name: "grandmaster", occurredAt: testNow - 3 * day },
      { platformUserId: "usr_dee", name: "gold", occurredAt: testNow - 3 * day },
      { platformUserId: "usr_ann", name: "Gold", occurredAt: testNow - 2 * day },
      { platformUserId: "usr_eve", name: "gold", occurredAt: testNow - 2 * day },
    ]);
  });

  it("prunes the rows recorded more than a year ago", async () => {
    await link(guildA, "201", "usr_ann");
    const year = 365 * day;
    await record([rating("evt_old", "usr_ann", 1, testNow - day)], undefined, testNow - year - 1);
    await record([rating("evt_kept", "usr_ann", 2, testNow - day)], undefined, testNow - year);

    expect(await pruneMemberActivity(store.db, testNow)).toBe(1);

    const [totals] = await listMemberPeriodTotals(store.db, { guildId: guildA, window: week });
    expect(totals?.ratingChange).toBe(2);
  });
});

// The digest reads every active member of the server's week at once: at a big server's size the totals and
// each member's latest rating are still right. How long the read takes is measured by bench/digest-read.ts
// (docs/performance.md), never here.
describe.each(testDatabases().filter((database: TestDatabase) => database.name === "SQLite in memory"))(
  "a big server's week on $name",
  (database) => {
    const store = useMigratedStore(database);

    it("sums 8,000 members' week at once", async () => {
      const members = 8000;
      const links = Array.from({ length: members }, (_, index) => ({
        id: `link_${String(index)}`,
        guild_id: guildA,
        user_id: String(300_000_000_000_000_000n + BigInt(index)),
        platform_user_id: `usr_${String(index)}`,
        platform_username: `player${String(index)}`,
        credential_kind: "api_key" as const,
        credential: "sealed",
        status: "active" as const,
        created_at: testNow,
        updated_at: testNow,
      }));
      for (let start = 0; start < members; start += 500) {
        await store.db
          .insertInto("member_links")
          .values(links.slice(start, start + 500))
          .execute();
      }
      const facts = links.flatMap(({ platform_user_id: user }, index): ActivityFact[] => [
        rating(`evt_r1_${user}`, user, (index % 50) - 20, testNow - 2 * day - index),
        rating(`evt_r2_${user}`, user, 5, testNow - day - index),
        battle(`evt_b_${user}`, user, `bat_${user}`, "won", testNow - hour - index),
      ]);
      for (let start = 0; start < facts.length; start += 4000) {
        await record(facts.slice(start, start + 4000));
      }

      const totals = await listMemberPeriodTotals(store.db, { guildId: guildA, window: week });

      expect(totals).toHaveLength(members);
      expect(totals[0]).toEqual({
        platformUserId: "usr_1049",
        ratingChange: 34,
        latestRating: 1505,
        battlesPlayed: 1,
        battlesWon: 1,
      });
    }, 60_000);

    async function record(facts: readonly ActivityFact[]): Promise<number> {
      return recordMemberActivity(store.db, { facts, guildId: undefined, now: testNow });
    }
  },
);
