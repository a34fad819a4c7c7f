// The teams a member created with /team create in a guild (src/store/member-teams.ts): the platform has no
// endpoint listing a member's teams, so /team invite suggests these and names a team by them.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("member_teams")
    .addColumn("guild_id", "text", (col) => col.notNull())
    .addColumn("user_id", "text", (col) => col.notNull())
    .addColumn("team_id", "text", (col) => col.notNull())
    .addColumn("team_name", "text", (col) => col.notNull())
    .addColumn("recorded_at", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("member_teams_pk", ["guild_id", "user_id", "team_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("member_teams").execute();
}
