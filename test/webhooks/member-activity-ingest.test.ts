// Ingest feeds the weekly digest's read model in the delivery's own transaction (docs/architecture.md,
// "The weekly digest"): per server where the player is linked, once per event, and only in its own server
// for an event from a server's endpoint.
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { findInboxEvent, operatorSource } from "../../src/store/inbox.js";
import {
  listMemberPeriodTotals,
  listPeriodAchievements,
  listPeriodPromotions,
} from "../../src/store/member-activity-periods.js";
import type { EventSource } from "../../src/webhooks/event-source.js";
import { testDatabases, type MigratedStore, type TestDatabase } from "../store/databases.js";
import { createTestSecretBox } from "../store/secret-box-fixture.js";
import { battleCompletedData, ratingChangedData, standardEvent } from "./support/payloads.js";
import { guildA, guildB, linkMember } from "./support/seed.js";
import { useIngesting } from "./support/ingesting.js";

const box = createTestSecretBox();
const endpointOfB: EventSource = { type: "endpoint", endpointId: "endpointOfGuildB00000", guildId: guildB };
const created = Date.parse("2026-11-21T10:00:00.000Z");
const week = { from: created - 7 * 24 * 60 * 60 * 1000, to: created };

/** Makes every insert into member_activity fail, as a full disk or a lost connection would. */
async function failActivityInserts(store: MigratedStore, database: TestDatabase): Promise<void> {
  if (database.dialect === "sqlite") {
    await sql`create trigger fail_activity before insert on member_activity
      begin select raise(abort, 'injected fault'); end`.execute(store.db);
    return;
  }
  await sql`create function fail_activity() returns trigger language plpgsql as $$
    begin raise exception 'injected fault'; end $$`.execute(store.db);
  await sql`create trigger fail_activity before insert on member_activity
    for each row execute function fail_activity()`.execute(store.db);
}

async function removeActivityFault(store: MigratedStore, database: TestDatabase): Promise<void> {
  if (database.dialect === "sqlite") {
    await sql`drop trigger fail_activity`.execute(store.db);
    return;
  }
  await sql`drop trigger fail_activity on member_activity`.execute(store.db);
  await sql`drop function fail_activity()`.execute(store.db);
}

describe.each(testDatabases())("recording members' activity at ingest on $name", (database) => {
  const { store, ingest } = useIngesting(database);
  const totals = (guildId: string) => listMemberPeriodTotals(store.db, { guildId, window: week });

  it("records a battle and its rating changes where each player is linked, once however it arrives", async () => {
    await linkMember(store.db, box, { guildId: guildA, userId: "201", platformUserId: "usr_ada" });
    await linkMember(store.db, box, { guildId: guildA, userId: "202", platformUserId: "usr_bob" });
    await linkMember(store.db, box, { guildId: guildB, userId: "301", platformUserId: "usr_ada" });
    const battle = standardEvent({ id: "evt_b1", event: "battle.completed", data: battleCompletedData() });
    const adaUp = standardEvent({
      id: "evt_r1",
      event: "user.rating_changed",
      data: ratingChangedData("usr_ada", 1390, 1406),
    });
    const bobDown = standardEvent({
      id: "evt_r2",
      event: "user.rating_changed",
      data: { ...ratingChangedData("usr_bob", 1500, 1484), tier: "gold", previous_tier: "gold" },
    });

    for (const body of [battle, adaUp, bobDown]) expect((await ingest(body)).status).toBe("accepted");
    // The platform's retry, and the same events through guild B's own webhook.
    expect((await ingest(battle)).status).toBe("duplicate");
    expect((await ingest(battle, endpointOfB)).status).toBe("accepted");
    expect((await ingest(adaUp, endpointOfB)).status).toBe("accepted");

    expect(await totals(guildA)).toEqual([
      { platformUserId: "usr_ada", ratingChange: 16, latestRating: 1406, battlesPlayed: 1, battlesWon: 1 },
      { platformUserId: "usr_bob", ratingChange: -16, latestRating: 1484, battlesPlayed: 1, battlesWon: 0 },
    ]);
    expect(await totals(guildB)).toEqual([
      { platformUserId: "usr_ada", ratingChange: 16, latestRating: 1406, battlesPlayed: 1, battlesWon: 1 },
    ]);
    expect(await listPeriodPromotions(store.db, { guildId: guildA, window: week })).toEqual([
      { platformUserId: "usr_ada", name: "gold", occurredAt: created },
    ]);
  });

  it("records an event from a server's own endpoint in that server only", async () => {
    await linkMember(store.db, box, { guildId: guildA, userId: "201", platformUserId: "usr_ada" });
    await linkMember(store.db, box, { guildId: guildB, userId: "301", platformUserId: "usr_ada" });
    const body = standardEvent({
      id: "evt_r1",
      event: "user.rating_changed",
      data: ratingChangedData("usr_ada", 1500, 1900),
    });

    expect((await ingest(body, endpointOfB)).status).toBe("accepted");

    expect(await totals(guildA)).toEqual([]);
    expect((await totals(guildB)).map((row) => row.ratingChange)).toEqual([400]);
  });

  it("counts a team battle's two events as one battle, won by every member of the winning team", async () => {
    await linkMember(store.db, box, { guildId: guildA, userId: "201", platformUserId: "usr_ada" });
    await linkMember(store.db, box, { guildId: guildA, userId: "202", platformUserId: "usr_bob" });
    const players = battleCompletedData({
      participants: [
        { user_id: "usr_ada", rank: 1 },
        { user_id: "usr_bob", rank: 2 },
        { user_id: "usr_cy", rank: 3 },
      ],
      winner: "usr_ada",
    });
    const teams = {
      object: "battle",
      id: "bat_1",
      teams: [
        { team_id: "team_red", rank: 1, members: ["usr_ada", "usr_bob"] },
        { team_id: "team_blue", rank: 2, members: ["usr_cy"] },
      ],
      winner_team_id: "team_red",
    };

    await ingest(standardEvent({ id: "evt_b1", event: "battle.completed", data: players }));
    await ingest(standardEvent({ id: "evt_t1", event: "team.battle_completed", data: teams }));

    expect(
      (await totals(guildA)).map((row) => [row.platformUserId, row.battlesPlayed, row.battlesWon]),
    ).toEqual([
      ["usr_ada", 1, 1],
      ["usr_bob", 1, 1],
    ]);
  });

  it("stores hostile values it cannot hold as columns without failing the delivery", async () => {
    await linkMember(store.db, box, { guildId: guildB, userId: "301", platformUserId: "usr_ada" });
    const achievement = standardEvent({
      id: "evt_a1",
      event: "user.achievement_earned",
      data: {
        object: "achievement",
        id: "ach_1",
        user: { id: "usr_ada", username: "ada" },
        achievement: { id: "ach_1", name: "First\u0000 Win" },
      },
    });
    const huge = standardEvent({
      id: "evt_r1",
      event: "user.rating_changed",
      data: { ...ratingChangedData("usr_ada", 1500, 1516), change: 1e300, new_rating: 1515.6 },
    });
    const oddIds = standardEvent({
      id: "evt_b1",
      event: "battle.completed",
      data: battleCompletedData({
        id: `bat_${"x".repeat(300)}`,
        participants: [
          { user_id: "usr_ada", rank: 1 },
          { user_id: "usr_\u0000", rank: 2 },
        ],
      }),
    });

    for (const body of [achievement, huge]) {
      expect((await ingest(body, endpointOfB)).status).toBe("accepted");
    }
    // A 300-character battle id is no platform id: the event is kept as dead, not a failed delivery.
    expect((await ingest(oddIds, endpointOfB)).status).toBe("dead");

    expect(await listPeriodAchievements(store.db, { guildId: guildB, window: week })).toEqual([
      { platformUserId: "usr_ada", name: "First Win", occurredAt: created },
    ]);
    // A change no rating can make is dropped, and the change is read from the two ratings instead.
    expect(await totals(guildB)).toEqual([
      { platformUserId: "usr_ada", ratingChange: 16, latestRating: 1516, battlesPlayed: 0, battlesWon: 0 },
    ]);
  });

  it("accepts from the operator's webhook a fractional rating, and keeps events with a NUL in an id as dead", async () => {
    await linkMember(store.db, box, { guildId: guildA, userId: "201", platformUserId: "usr_ada" });
    const fractional = standardEvent({
      id: "evt_r1",
      event: "user.rating_changed",
      data: { ...ratingChangedData("usr_ada", 1500, 1516), new_rating: 1515.6 },
    });
    const nulBattle = standardEvent({
      id: "evt_b1",
      event: "battle.completed",
      data: battleCompletedData({ id: "bat_\u0000", participants: [{ user_id: "usr_ada", rank: 1 }] }),
    });
    const nulUser = standardEvent({
      id: "evt_r2",
      event: "user.rating_changed",
      data: ratingChangedData("usr_\u0000", 1500, 1516),
    });

    expect((await ingest(fractional)).status).toBe("accepted");
    // An id no platform has makes the event malformed: kept as dead (it posts nothing), never a failure the
    // platform would retry for ever.
    expect((await ingest(nulBattle)).status).toBe("dead");
    expect((await ingest(nulUser)).status).toBe("dead");
    expect(await totals(guildA)).toEqual([
      { platformUserId: "usr_ada", ratingChange: 16, latestRating: 1516, battlesPlayed: 0, battlesWon: 0 },
    ]);
  });

  it("stores nothing of a delivery whose activity could not be recorded, so the retry records it", async () => {
    await linkMember(store.db, box, { guildId: guildA, userId: "201", platformUserId: "usr_ada" });
    const body = standardEvent({
      id: "evt_r1",
      event: "user.rating_changed",
      data: ratingChangedData("usr_ada", 1500, 1516),
    });
    await failActivityInserts(store, database);
    try {
      await expect(ingest(body)).rejects.toThrow(/injected fault/);
    } finally {
      await removeActivityFault(store, database);
    }
    expect(await findInboxEvent(store.db, { source: operatorSource, eventId: "evt_r1" })).toBeUndefined();

    expect((await ingest(body)).status).toBe("accepted");
    expect((await totals(guildA)).map((row) => row.ratingChange)).toEqual([16]);
  });
});
