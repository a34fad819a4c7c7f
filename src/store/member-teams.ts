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
  input: MemberTeam & {
    readonly guildId: string;
    readonly userId: string;
    /** Whether anyone can find it; undefined when unknown. */
    readonly isPublic: boolean | undefined;
    readonly now: number;
  },
): Promise<void> {
  const isPublic = input.isPublic === undefined ? null : Number(input.isPublic);
  const changes = { team_name: input.teamName, is_public: isPublic, recorded_at: input.now };
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

export interface RecordedTeam {
  readonly name: string;
  /** Undefined when unknown. */
  readonly isPublic: boolean | undefined;
}

/** A team as any member of this guild recorded it, newest first; undefined when none did. */
export async function findRecordedTeam(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly teamId: string },
): Promise<RecordedTeam | undefined> {
  const row = await db
    .selectFrom("member_teams")
    .select(["team_name", "is_public"])
    .where("guild_id", "=", input.guildId)
    .where("team_id", "=", input.teamId)
    .orderBy("recorded_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return { name: row.team_name, isPublic: row.is_public === null ? undefined : row.is_public === 1 };
}
