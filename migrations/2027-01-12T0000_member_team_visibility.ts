// Whether a team /team create made is public (1), private (0) or of unknown visibility (null, recorded before
// this): the channel's notice of a /team invite names only a public team
// (src/commands/team/render-invitation.ts).
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("member_teams").addColumn("is_public", "integer").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("member_teams").dropColumn("is_public").execute();
}
