// What a server's scheduled events should be after one read of the open tournaments (docs/architecture.md,
// "Tournament events"): each open tournament, nearest first, as an external event. Platform text stays plain
// and within Discord's limits (docs: Guild Scheduled Event, name 1-100 characters, description 1-1000, an
// external event's location 1-100).
import { createHash } from "node:crypto";
import type { Tournament } from "../../api/index.js";
import { plainLabel, plainText } from "../../display/platform-text.js";
import { truncateText } from "../../display/truncate-text.js";
import type { WantedTournamentEvent } from "../../store/tournament-events.js";

export const scheduledEventLimits = { name: 100, description: 1000, location: 100 } as const;

/**
 * "A guild can have a maximum of 100 events with SCHEDULED or ACTIVE status" (docs: Create Guild Scheduled
 * Event).
 */
export const maxShownEvents = 100;

export interface TournamentEventPlan {
  /** Nearest first. */
  readonly wanted: readonly WantedTournamentEvent[];
  readonly openIds: ReadonlySet<string>;
}

export function planTournamentEvents(input: {
  readonly tournaments: readonly Tournament[];
  readonly durationMs: number;
}): TournamentEventPlan {
  const open = input.tournaments.filter((tournament) => tournament.status === "open");
  const wanted = open
    .flatMap((tournament) => {
      const startsAt = Date.parse(tournament.startsAt);
      return Number.isFinite(startsAt) ? [describeEvent(tournament, startsAt, input.durationMs)] : [];
    })
    .sort((a, b) => a.startsAt - b.startsAt);
  return { wanted, openIds: new Set(open.map((tournament) => tournament.id)) };
}

/**
 * Where to register, which is also how the bot finds its own event again after a crash: it names the
 * tournament's id, and no other tournament's location is the same. An id too long for the location's 100
 * characters is named by the description alone; the location then carries a digest of it, since two such ids
 * cut to fit could read the same and the bot would take one tournament's event for the other's.
 */
export function describeEventLocation(tournamentId: string): string {
  const text = `Register in Discord: /tournament register id:${plainLabel(tournamentId, 100)}`;
  if (text.length <= scheduledEventLimits.location) return text;
  const digest = createHash("sha256").update(tournamentId).digest("hex").slice(0, 16);
  return `Register in Discord: /tournament register (the id is in the description; ref ${digest})`;
}

function describeEvent(tournament: Tournament, startsAt: number, durationMs: number): WantedTournamentEvent {
  // Discord's clients render markdown in an event's description (not in its name or location), so platform
  // text there is escaped as in a message.
  const lines = [
    tournament.format === undefined
      ? undefined
      : `Format: ${plainText(tournament.format, { maxLength: 100 })}`,
    tournament.prize === undefined ? undefined : `Prize: ${plainText(tournament.prize, { maxLength: 200 })}`,
    describeSeats(tournament),
    `Register with /tournament register id:${plainText(tournament.id, { maxLength: 100 })}`,
  ].filter((line) => line !== undefined);
  return {
    tournamentId: tournament.id,
    name: describeName(tournament),
    description: truncateText(lines.join("\n"), scheduledEventLimits.description),
    location: describeEventLocation(tournament.id),
    startsAt,
    endsAt: startsAt + durationMs,
  };
}

/**
 * The title, plain; Discord takes no event without a name (1-100 characters), so a title that shows nothing
 * (empty, blank, or invisible characters only) names the tournament by its id instead.
 */
function describeName(tournament: Tournament): string {
  const title = plainLabel(tournament.title, scheduledEventLimits.name).trim();
  const name = title === "" ? `Tournament ${plainLabel(tournament.id, 80)}` : title;
  return truncateText(name, scheduledEventLimits.name);
}

function describeSeats(tournament: Tournament): string | undefined {
  const { participants, maxParticipants } = tournament;
  if (maxParticipants === undefined || !Number.isFinite(maxParticipants)) return undefined;
  const left = Math.max(0, Math.round(maxParticipants) - Math.round(participants ?? 0));
  return `Seats left: ${String(left)} of ${String(Math.round(maxParticipants))}`;
}
