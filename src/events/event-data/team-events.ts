// `data` of the team events: not shown in the platform's API reference, so these follow what the sandbox
// emits (sandbox/webhooks/event-data.ts), reading only the ids strictly.
import { z } from "zod";
import {
  idSchema,
  optionalFlag,
  optionalId,
  optionalNumber,
  optionalRefId,
  optionalText,
  optionalTextList,
  optionalTimestamp,
  optionalUserRef,
  pickId,
  tolerantList,
  type UserRef,
} from "./fields.js";

export interface TeamCreatedData {
  readonly teamId: string;
  readonly name: string | undefined;
  readonly description: string | undefined;
  readonly owner: UserRef | undefined;
  readonly isPublic: boolean | undefined;
  /** How many members the team has. */
  readonly members: number | undefined;
  readonly maxMembers: number | undefined;
  readonly createdAt: number | undefined;
}

export interface TeamMemberJoinedData {
  readonly teamId: string;
  readonly teamName: string | undefined;
  readonly user: UserRef | undefined;
  readonly role: string | undefined;
  readonly members: number | undefined;
  readonly joinedAt: number | undefined;
}

export interface TeamStanding {
  readonly teamId: string;
  readonly name: string | undefined;
  readonly score: number | undefined;
  readonly rank: number | undefined;
  /** Platform user ids. */
  readonly memberIds: readonly string[];
}

export interface TeamBattleCompletedData {
  readonly battleId: string;
  readonly tournamentId: string | undefined;
  readonly mode: string | undefined;
  readonly difficulty: string | undefined;
  readonly teams: readonly TeamStanding[];
  /** Null when the platform says there is no single winner. */
  readonly winnerTeamId: string | null | undefined;
  readonly completedAt: number | undefined;
}

export const teamCreatedDataSchema: z.ZodType<TeamCreatedData> = z
  .object({
    id: optionalId,
    team_id: optionalId,
    name: optionalText,
    description: optionalText,
    owner: optionalUserRef,
    is_public: optionalFlag,
    members: optionalNumber,
    max_members: optionalNumber,
    created_at: optionalTimestamp,
  })
  .transform((raw, context): TeamCreatedData => {
    const teamId = pickId(context, { id: raw.id, team_id: raw.team_id });
    if (teamId === undefined) return z.NEVER;
    return {
      teamId,
      name: raw.name,
      description: raw.description,
      owner: raw.owner,
      isPublic: raw.is_public,
      members: raw.members,
      maxMembers: raw.max_members,
      createdAt: raw.created_at,
    };
  });

const teamRefSchema = z.object({ id: optionalId, name: optionalText }).optional().catch(undefined);

export const teamMemberJoinedDataSchema: z.ZodType<TeamMemberJoinedData> = z
  .object({
    id: optionalId,
    team_id: optionalId,
    team: teamRefSchema,
    user: optionalUserRef,
    user_id: optionalId,
    role: optionalText,
    members: optionalNumber,
    joined_at: optionalTimestamp,
  })
  .transform((raw, context): TeamMemberJoinedData => {
    const teamId = pickId(context, { team: raw.team?.id, team_id: raw.team_id, id: raw.id });
    if (teamId === undefined) return z.NEVER;
    return {
      teamId,
      teamName: raw.team?.name,
      user: raw.user ?? (raw.user_id === undefined ? undefined : { id: raw.user_id, username: undefined }),
      role: raw.role,
      members: raw.members,
      joinedAt: raw.joined_at,
    };
  });

export const standingSchema: z.ZodType<TeamStanding> = z
  .object({
    team_id: idSchema,
    name: optionalText,
    score: optionalNumber,
    rank: optionalNumber,
    members: optionalTextList,
  })
  .transform((raw) => ({
    teamId: raw.team_id,
    name: raw.name,
    score: raw.score,
    rank: raw.rank,
    memberIds: raw.members,
  }));

const winnerTeamSchema = z.union([idSchema, z.null()]).optional().catch(undefined);

export const teamBattleCompletedDataSchema: z.ZodType<TeamBattleCompletedData> = z
  .object({
    id: optionalId,
    battle_id: optionalId,
    tournament_id: optionalId,
    tournament: optionalRefId,
    mode: optionalText,
    difficulty: optionalText,
    teams: tolerantList(standingSchema),
    winner_team_id: winnerTeamSchema,
    completed_at: optionalTimestamp,
  })
  .transform((raw, context): TeamBattleCompletedData => {
    const battleId = pickId(context, { id: raw.id, battle_id: raw.battle_id });
    if (battleId === undefined) return z.NEVER;
    return {
      battleId,
      tournamentId: raw.tournament_id ?? raw.tournament,
      mode: raw.mode,
      difficulty: raw.difficulty,
      teams: raw.teams,
      winnerTeamId: raw.winner_team_id,
      completedAt: raw.completed_at,
    };
  });
