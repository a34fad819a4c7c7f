// The teams members created with /team create, per guild (docs/architecture.md, "Commands"): the platform
// lists no member's teams, so /team invite suggests these and names a team by them.
import type { Kysely } from "kysely";
import type { Database } from "./database.js";

export interface MemberTeam {
  readonly teamId: string;
  readonly teamName: string;
}

/** Records a team the member just created; a second answer for the same team keeps the newest name. */
export async function recordMemberTeam(
  db: Kysely<Database>,
  input: MemberTeam & { readonly guildId: string; readonly userId: string; readonly now: number },
): Promise<void> {
  const changes = { team_name: input.teamName, recorded_at: input.now };
  await db
    .insertInto("member_teams")
    .values({ guild_id: input.guildId, user_id: input.userId, team_id: input.teamId, ...changes })
    .onConflict((conflict) => conflict.columns(["guild_id", "user_id", "team_id"]).doUpdateSet(changes))
    .execute();
}

/** The member's teams in this guild, newest first, at most `limit`. */
export async function listMemberTeams(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly userId: string; readonly limit: number },
): Promise<MemberTeam[]> {
  const rows = await db
    .selectFrom("member_teams")
    .select(["team_id", "team_name"])
    .where("guild_id", "=", input.guildId)
    .where("user_id", "=", input.userId)
    .orderBy("recorded_at", "desc")
    .orderBy("team_id")
    .limit(input.limit)
    .execute();
  return rows.map((row) => ({ teamId: row.team_id, teamName: row.team_name }));
}

/** A team's name as any member of this guild recorded it, newest first; undefined when none did. */
export async function findTeamName(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly teamId: string },
): Promise<string | undefined> {
  const row = await db
    .selectFrom("member_teams")
    .select("team_name")
    .where("guild_id", "=", input.guildId)
    .where("team_id", "=", input.teamId)
    .orderBy("recorded_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.team_name;
}
