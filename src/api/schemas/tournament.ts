import { z } from "zod";
import { describeIssues } from "../parse-response.js";
import { listOf, numberSchema, optional, pickAlias, timestampSchema } from "./primitives.js";

// Tournament shapes of the platform's API reference, "Resources › Tournament". Shape A:
// title/startTime/prizePool; shape B: name/startsAt/prize/format. Both become one Tournament.

export interface Tournament {
  readonly id: string;
  readonly title: string;
  readonly status: string;
  readonly startsAt: string;
  readonly participants: number | undefined;
  readonly maxParticipants: number | undefined;
  readonly prize: string | undefined;
  /** Shape B only, e.g. `elimination`. */
  readonly format: string | undefined;
}

const tournamentSchema = z
  .object({
    id: z.string(),
    title: optional(z.string()),
    name: optional(z.string()),
    status: z.string(),
    startTime: optional(timestampSchema),
    startsAt: optional(timestampSchema),
    participants: optional(numberSchema),
    maxParticipants: optional(numberSchema),
    prizePool: optional(z.string()),
    prize: optional(z.string()),
    format: optional(z.string()),
  })
  .transform((raw, context): Tournament => {
    const title = pickAlias(context, { title: raw.title, name: raw.name });
    const startsAt = pickAlias(context, { startTime: raw.startTime, startsAt: raw.startsAt });
    if (title === undefined || startsAt === undefined) return z.NEVER;
    return {
      id: raw.id,
      title,
      status: raw.status,
      startsAt,
      participants: raw.participants,
      maxParticipants: raw.maxParticipants,
      prize: raw.prizePool ?? raw.prize,
      format: raw.format,
    };
  });

export interface TournamentList {
  readonly tournaments: readonly Tournament[];
  /** Shape A only. */
  readonly total: number | undefined;
  /** Shape A only. */
  readonly hasMore: boolean | undefined;
}

export const tournamentListSchema: z.ZodType<TournamentList> = z.object({
  tournaments: z.array(tournamentSchema),
  total: optional(numberSchema),
  hasMore: optional(z.boolean()),
});

/** An item of a tournament list its schema refuses: its id when it has a readable one, and what is wrong. */
export interface UnreadableTournament {
  readonly id: string | undefined;
  readonly problems: readonly string[];
}

export interface TolerantTournamentList extends TournamentList {
  /** Left out of `tournaments`: one unreadable item does not cost the rest of the list. */
  readonly unreadable: readonly UnreadableTournament[];
}

/**
 * The list with each item read on its own (the reminders' and events' reads, src/reminders/): a tournament
 * without a start or a title is left out and named, rather than failing every tournament's reminders.
 */
export const tolerantTournamentListSchema: z.ZodType<TolerantTournamentList> = z
  .object({
    tournaments: z.array(z.unknown()),
    total: optional(numberSchema),
    hasMore: optional(z.boolean()),
  })
  .transform((list) => {
    const tournaments: Tournament[] = [];
    const unreadable: UnreadableTournament[] = [];
    list.tournaments.forEach((item, index) => {
      const read = tournamentSchema.safeParse(item);
      if (read.success) tournaments.push(read.data);
      else
        unreadable.push({
          id: readId(item),
          problems: describeIssues(read.error, item, ["tournaments", index]),
        });
    });
    return { tournaments, total: list.total, hasMore: list.hasMore, unreadable };
  });

function readId(item: unknown): string | undefined {
  if (typeof item !== "object" || item === null) return undefined;
  const { id } = item as { id?: unknown };
  return typeof id === "string" ? id : undefined;
}

/** Shape A: `{registered, registrationId, tournament}`; shape B: `{success, registration}`. */
export interface TournamentRegistration {
  readonly registered: boolean;
  readonly tournamentId: string | undefined;
  readonly tournamentTitle: string | undefined;
  readonly registrationId: string | undefined;
  readonly userId: string | undefined;
  /** Shape B, e.g. `confirmed`. */
  readonly status: string | undefined;
  readonly registeredAt: string | undefined;
}

export const tournamentRegistrationSchema: z.ZodType<TournamentRegistration> = z
  .object({
    registered: optional(z.boolean()),
    registrationId: optional(z.string()),
    tournament: optional(z.object({ id: z.string(), title: optional(z.string()) })),
    success: optional(z.boolean()),
    registration: optional(
      z.object({
        tournamentId: optional(z.string()),
        userId: optional(z.string()),
        registeredAt: optional(timestampSchema),
        status: optional(z.string()),
      }),
    ),
  })
  .transform((raw, context): TournamentRegistration => {
    const registered = pickAlias(context, { registered: raw.registered, success: raw.success });
    if (registered === undefined) return z.NEVER;
    return {
      registered,
      tournamentId: raw.tournament?.id ?? raw.registration?.tournamentId,
      tournamentTitle: raw.tournament?.title,
      registrationId: raw.registrationId,
      userId: raw.registration?.userId,
      status: raw.registration?.status,
      registeredAt: raw.registration?.registeredAt,
    };
  });

export interface TournamentStanding {
  readonly rank: number;
  readonly user: { readonly id: string; readonly username: string };
  readonly score: number;
  readonly problemsSolved: number | undefined;
  /** Seconds (assumed). */
  readonly totalTime: number | undefined;
}

export interface TournamentLeaderboard {
  readonly leaderboard: readonly TournamentStanding[];
  /** Absent when the caller has not entered. */
  readonly userRank: number | undefined;
  readonly userScore: number | undefined;
}

export const tournamentLeaderboardSchema: z.ZodType<TournamentLeaderboard> = z.object({
  leaderboard: listOf(
    z.object({
      rank: numberSchema,
      user: z.object({ id: z.string(), username: z.string() }),
      score: numberSchema,
      problemsSolved: optional(numberSchema),
      totalTime: optional(numberSchema),
    }),
  ),
  userRank: optional(numberSchema),
  userScore: optional(numberSchema),
});
