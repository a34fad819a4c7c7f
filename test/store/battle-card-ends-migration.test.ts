// The migration that records when a battle ended (migrations/2027-01-13T0000_battle_card_ends.ts): a card
// whose result edit is still in the outbox is marked ended, when that result was received, so `/battle join`
// stops suggesting it at once; a card edited with anything else, or not at all, stays open.
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/store/create-db.js";
import { testDatabases } from "./databases.js";
import { migratorOf } from "./test-migrator.js";

const before = "2027-01-12T0000_member_team_visibility";

describe.each(testDatabases())("the battle card ends migration on $name", (database) => {
  it("marks ended the cards a result edited", async () => {
    const empty = await database.createEmpty();
    const store = await createDb(empty.url);
    try {
      const migrator = await migratorOf(store);
      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      await sql`insert into battle_cards (battle_id, guild_id, channel_id, message_id, created_by, created_at, updated_at)
        values ('b1', 'g1', 'c1', 'm1', 'u1', 1, 10), ('b2', 'g1', 'c1', 'm2', 'u1', 2, 20),
          ('b3', 'g1', 'c1', 'm3', 'u1', 3, 30), ('b4', 'g1', 'c1', 'm4', 'u1', 4, 40)`.execute(store.db);
      await sql`insert into inbox_events (source, event_id, kind, status, payload, received_at)
        values ('operator', 'e1', 'battle.completed', 'accepted', '{}', 5),
          ('operator', 'e2', 'battle.started', 'accepted', '{}', 5),
          ('operator', 'e3', 'team.battle_completed', 'accepted', '{}', 7)`.execute(store.db);
      await sql`insert into outbox (id, source, event_id, guild_id, channel_id, action, target_message_id, next_attempt_at, created_at)
        values ('o1', 'operator', 'e1', 'g1', 'c1', 'edit', 'm1', 5, 5),
          ('o2', 'operator', 'e2', 'g1', 'c1', 'edit', 'm2', 5, 5),
          ('o3', 'operator', 'e3', 'g1', 'c1', 'edit', 'm3', 5, 5),
          ('o4', 'operator', 'e1', 'g1', 'c1', 'post', null, 5, 5)`.execute(store.db);

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const rows = await store.db
        .selectFrom("battle_cards")
        .select(["battle_id", "ended_at"])
        .orderBy("battle_id")
        .execute();
      expect(rows.map((row) => [row.battle_id, row.ended_at])).toEqual([
        ["b1", 5],
        ["b2", null],
        ["b3", 7],
        ["b4", null],
      ]);
    } finally {
      await store.close();
      await empty.dispose();
    }
  });
});
