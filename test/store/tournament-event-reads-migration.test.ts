// The migration that lets tournament events read on their own (migrations/2026-12-27T0000_tournament_event_reads.ts):
// `/setup events on` did not ask for a link before it, so an existing server whose enabling admin has no link
// there starts on hold as `not_linked`, which tells no one (a problem already recorded is not told again); one
// whose admin is linked starts with no problem, due at once.
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/store/create-db.js";
import { testDatabases } from "./databases.js";
import { migratorOf } from "./test-migrator.js";

const before = "2026-12-26T0000_message_threads";

describe.each(testDatabases())("the tournament event reads migration on $name", (database) => {
  it("puts on hold, untold, the servers whose enabling admin has no link there", async () => {
    const empty = await database.createEmpty();
    const store = await createDb(empty.url);
    try {
      const migrator = await migratorOf(store);
      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      // g1's admin is linked in g1; g2's admin is linked, but in g1 only.
      await sql`insert into tournament_event_settings (guild_id, enabled_by, created_at, updated_at)
        values ('g1', 'u1', 1, 1), ('g2', 'u1', 1, 1)`.execute(store.db);
      await sql`insert into member_links (id, guild_id, user_id, platform_user_id, platform_username, credential_kind, credential, created_at, updated_at)
        values ('l1', 'g1', 'u1', 'usr_1', 'ann', 'api_key', 'sealed', 1, 1)`.execute(store.db);

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const rows = await store.db
        .selectFrom("tournament_event_settings")
        .select(["guild_id", "link_problem", "next_poll_at"])
        .orderBy("guild_id")
        .execute();
      expect(rows).toEqual([
        { guild_id: "g1", link_problem: null, next_poll_at: 0 },
        { guild_id: "g2", link_problem: "not_linked", next_poll_at: 0 },
      ]);
    } finally {
      await store.close();
      await empty.dispose();
    }
  });
});
