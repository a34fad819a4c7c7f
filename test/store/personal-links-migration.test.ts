// The migration that makes sign-ins of no server possible rebuilds oauth_states (migrations/
// 2026-12-24T0000_personal_links.ts): a sign-in pending across the upgrade must survive it, as a `/link` one.
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/store/create-db.js";
import { testDatabases } from "./databases.js";
import { migratorOf } from "./test-migrator.js";

const before = "2026-12-07T0000_tournament_events";

describe.each(testDatabases())("the personal links migration on $name", (database) => {
  it("keeps the sign-ins pending across it, and going back drops only those of no server", async () => {
    const empty = await database.createEmpty();
    const store = await createDb(empty.url);
    try {
      const migrator = await migratorOf(store);
      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      await sql`insert into oauth_states (state_hash, guild_id, user_id, code_verifier, interaction_token, expires_at, created_at, start_hash)
        values ('pending', '100', '200', 'sealed-verifier', 'sealed-token', 1000, 1, 'start')`.execute(
        store.db,
      );

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const kept = await store.db.selectFrom("oauth_states").selectAll().execute();
      expect(kept).toMatchObject([
        { state_hash: "pending", guild_id: "100", interaction_token: "sealed-token", origin: "link" },
      ]);
      await store.db
        .insertInto("oauth_states")
        .values({
          state_hash: "personal",
          guild_id: null,
          user_id: "200",
          code_verifier: "sealed",
          interaction_token: null,
          origin: "linked_roles",
          member_name: null,
          member_username: null,
          guild_name: null,
          start_hash: "start-2",
          authorize_url: null,
          expires_at: 1000,
          created_at: 1,
        })
        .execute();

      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      const { rows } = await sql<{ state_hash: string }>`select state_hash from oauth_states`.execute(
        store.db,
      );
      expect(rows.map((row) => row.state_hash)).toEqual(["pending"]);
    } finally {
      await store.close();
      await empty.dispose();
    }
  });
});
