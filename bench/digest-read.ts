/**
 * The weekly digest's read of a big server (docs/architecture.md, "Performance targets": a server's week of
 * 8,000 active members read in ≤ 2 s, well inside PostgreSQL's 60 s statement time-out): the totals of every
 * member still linked, with each one's latest rating. The baseline, measured in the same run, reads the same
 * rows of the week once with a plain select, so the ratio shows what the grouping and the latest-rating lookup
 * cost beyond reading the rows: a read that grows with members × rows shows as a ratio in the hundreds.
 * Run: npx tsx bench/digest-read.ts [members] [runs]
 */
import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import type { Database as Schema } from "../src/store/database.js";
import { recordMemberActivity, type ActivityFact } from "../src/store/member-activity.js";
import { claimDigestWeek } from "../src/store/digest-weeks.js";
import { listMemberPeriodTotals } from "../src/store/member-activity-periods.js";
import { migrateToLatest } from "../src/store/migrate.js";

const members = Number(process.argv[2] ?? 8000);
const runs = Number(process.argv[3] ?? 5);
const targetMs = 2000;
const guildId = "100000000000000001";
const now = Date.UTC(2026, 10, 21, 10);
const hour = 60 * 60 * 1000;
const day = 24 * hour;
const week = { from: now - 7 * day, to: now };

const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: new Database(":memory:") }) });
await migrateToLatest(db);
const links = Array.from({ length: members }, (_, index) => ({
  id: `link_${String(index)}`,
  guild_id: guildId,
  user_id: String(300_000_000_000_000_000n + BigInt(index)),
  platform_user_id: `usr_${String(index)}`,
  platform_username: `player${String(index)}`,
  credential_kind: "api_key" as const,
  credential: "sealed",
  status: "active" as const,
  created_at: now,
  updated_at: now,
}));
for (let start = 0; start < members; start += 500) {
  await db
    .insertInto("member_links")
    .values(links.slice(start, start + 500))
    .execute();
}
// Each member: two rating changes and a battle won in the week.
const facts = links.flatMap(({ platform_user_id: user }, index): ActivityFact[] => [
  rating(`evt_r1_${user}`, user, (index % 50) - 20, now - 2 * day - index),
  rating(`evt_r2_${user}`, user, 5, now - day - index),
  {
    kind: "battle",
    eventId: `evt_b_${user}`,
    platformUserId: user,
    occurredAt: now - hour - index,
    battleId: `bat_${user}`,
    outcome: "won",
  },
]);
for (let start = 0; start < facts.length; start += 4000) {
  await recordMemberActivity(db, { facts: facts.slice(start, start + 4000), guildId, now });
}

// A digest's week as a refresh bounds it (src/announcements/server-week.ts): the rows stored by its refresh,
// and those the refresh before it was stored too early for, claimed on its first reading (digest-weeks.ts).
const claimStarted = performance.now();
const window = await claimDigestWeek(db, {
  guildId,
  eventId: "evt_refresh",
  previousEventId: "evt_refresh_before",
  window: { ...week, storedBy: now, late: { storedAfter: week.from, occurredAfter: week.from - 7 * day } },
  now,
});
const claim = performance.now() - claimStarted;
const digest = await medianMs(async () => {
  const totals = await listMemberPeriodTotals(db, { guildId, window });
  if (totals.length !== members)
    throw new Error(`read ${String(totals.length)} members, not ${String(members)}`);
});
const baseline = await medianMs(() =>
  db
    .selectFrom("member_activity")
    .selectAll()
    .where("guild_id", "=", guildId)
    .where("occurred_at", ">", week.from)
    .where("occurred_at", "<=", week.to)
    .execute(),
);
await db.destroy();

const firstReading = claim + digest;
const verdict = firstReading <= targetMs ? "met" : "MISSED";
console.log(
  `digest read: ${String(members)} members, ${String(facts.length)} rows in the week, SQLite in memory, median of ${String(runs)}`,
);
console.log(
  `server week totals: ${digest.toFixed(0)} ms, after its first reading's claim of the rows: ${claim.toFixed(0)} ms | baseline (the week's rows read once): ${baseline.toFixed(0)} ms | ratio ${(digest / baseline).toFixed(1)} | claim and totals ≤ ${String(targetMs)} ms: ${verdict}`,
);
if (firstReading > targetMs) process.exitCode = 1;

function rating(eventId: string, user: string, change: number, at: number): ActivityFact {
  return {
    kind: "rating",
    eventId,
    platformUserId: user,
    occurredAt: at,
    ratingChange: change,
    newRating: 1500 + change,
    promotedTo: null,
  };
}

async function medianMs(task: () => Promise<unknown>): Promise<number> {
  await task();
  const durations: number[] = [];
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    await task();
    durations.push(performance.now() - started);
  }
  durations.sort((a, b) => a - b);
  return durations[Math.floor(durations.length / 2)] ?? 0;
}
