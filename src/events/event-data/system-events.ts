// `data` of the system events: not shown in the platform's API reference, so these follow what the sandbox
// emits (sandbox/webhooks/event-data.ts). Only a started tournament's id is required: it routes the event.
import { z } from "zod";
import {
  optionalId,
  optionalLabel,
  optionalNumber,
  optionalRating,
  optionalText,
  optionalTimestamp,
  optionalUserRef,
  pickId,
  tolerantList,
} from "./fields.js";

export interface MaintenanceScheduledData {
  readonly maintenanceId: string | undefined;
  readonly startsAt: number | undefined;
  readonly endsAt: number | undefined;
  readonly message: string | undefined;
}

export interface TournamentStartedData {
  readonly tournamentId: string;
  readonly title: string | undefined;
  readonly format: string | undefined;
  readonly difficulty: string | undefined;
  readonly startsAt: number | undefined;
  readonly endsAt: number | undefined;
  /** How many players registered. */
  readonly participants: number | undefined;
  readonly maxParticipants: number | undefined;
  readonly prize: string | undefined;
}

export interface LeaderboardEntry {
  readonly rank: number | undefined;
  readonly userId: string;
  readonly username: string | undefined;
  readonly rating: number | undefined;
  readonly tier: string | undefined;
}

export interface LeaderboardUpdatedData {
  readonly leaderboardId: string | undefined;
  readonly periodStart: number | undefined;
  readonly periodEnd: number | undefined;
  readonly top: readonly LeaderboardEntry[];
}

export const maintenanceScheduledDataSchema: z.ZodType<MaintenanceScheduledData> = z
  .object({
    id: optionalId,
    maintenance_id: optionalId,
    starts_at: optionalTimestamp,
    ends_at: optionalTimestamp,
    message: optionalText,
  })
  .transform((raw) => ({
    maintenanceId: raw.id ?? raw.maintenance_id,
    startsAt: raw.starts_at,
    endsAt: raw.ends_at,
    message: raw.message,
  }));

export const tournamentStartedDataSchema: z.ZodType<TournamentStartedData> = z
  .object({
    id: optionalId,
    tournament_id: optionalId,
    title: optionalText,
    name: optionalText,
    format: optionalText,
    difficulty: optionalText,
    starts_at: optionalTimestamp,
    start_time: optionalTimestamp,
    ends_at: optionalTimestamp,
    end_time: optionalTimestamp,
    participants: optionalNumber,
    max_participants: optionalNumber,
    prize: optionalLabel,
    prize_pool: optionalLabel,
  })
  .transform((raw, context): TournamentStartedData => {
    const tournamentId = pickId(context, { id: raw.id, tournament_id: raw.tournament_id });
    if (tournamentId === undefined) return z.NEVER;
    return {
      tournamentId,
      // The tournament resource names these two ways (the platform's API reference, Tournament shapes A and
      // B).
      title: raw.title ?? raw.name,
      format: raw.format,
      difficulty: raw.difficulty,
      startsAt: raw.starts_at ?? raw.start_time,
      endsAt: raw.ends_at ?? raw.end_time,
      participants: raw.participants,
      maxParticipants: raw.max_participants,
      prize: raw.prize ?? raw.prize_pool,
    };
  });

/** `{ rank, user_id, username, rating, tier }`, or with the user nested as the REST rankings have it. */
export const entrySchema: z.ZodType<LeaderboardEntry> = z
  .object({
    rank: optionalNumber,
    user_id: optionalId,
    user: optionalUserRef,
    username: optionalText,
    rating: optionalRating,
    tier: optionalText,
  })
  .refine((raw) => raw.user_id !== undefined || raw.user !== undefined)
  .transform((raw) => ({
    rank: raw.rank,
    userId: raw.user_id ?? raw.user?.id ?? "",
    username: raw.username ?? raw.user?.username,
    rating: raw.rating,
    tier: raw.tier,
  }));

export const leaderboardUpdatedDataSchema: z.ZodType<LeaderboardUpdatedData> = z
  .object({
    id: optionalId,
    leaderboard_id: optionalId,
    period_start: optionalTimestamp,
    period_end: optionalTimestamp,
    top: tolerantList(entrySchema),
  })
  .transform((raw) => ({
    leaderboardId: raw.id ?? raw.leaderboard_id,
    periodStart: raw.period_start,
    periodEnd: raw.period_end,
    top: raw.top,
  }));
