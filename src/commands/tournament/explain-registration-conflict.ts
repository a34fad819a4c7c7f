import { plainCode, plainText, visibleText } from "../../display/platform-text.js";
import { getTournamentLeaderboard, PlatformError, type Tournament } from "../../api/index.js";
import type { PlatformCredential, PlatformHttp } from "../../api/http.js";
import { withRequestId } from "../../discord/describe-platform-error.js";
import { UserFacingError } from "../../discord/user-facing-error.js";
import { findTournament } from "./find-tournament.js";

/** What the member's registration ran into, as the tournament's state tells it. */
export type RegistrationConflict = "registered" | "full" | "closed" | "unknown";

/**
 * The platform answers every refused registration with the same `409 CONFLICT` (already registered, full, or
 * closed: sandbox/README.md, "Errors"), and its message is never shown (docs/conventions.md, habit 4). So the
 * tournament is read: the member's own rank says they are in it, the list says whether it is full or over.
 */
export function classifyRegistrationConflict(
  tournament: Tournament | undefined,
  ownRank: number | undefined,
): RegistrationConflict {
  // The platform sends 0 (or nothing) as the rank of a member who has not entered.
  if (ownRank !== undefined && ownRank > 0) return "registered";
  if (tournament === undefined) return "unknown";
  const { participants, maxParticipants } = tournament;
  if (participants !== undefined && maxParticipants !== undefined && participants >= maxParticipants)
    return "full";
  return tournament.status === "open" ? "unknown" : "closed";
}

export function describeRegistrationConflict(
  conflict: RegistrationConflict,
  tournament: Tournament | undefined,
  tournamentId: string,
): string {
  const name =
    tournament === undefined || visibleText(tournament.title).trim() === ""
      ? `tournament ${plainCode(tournamentId)}`
      : `**${plainText(tournament.title)}**`;
  switch (conflict) {
    case "registered":
      return `You're already registered for ${name}.`;
    case "full": {
      const seats = `${String(tournament?.participants)}/${String(tournament?.maxParticipants)}`;
      return `${name} is full (${seats} seats taken), so it takes no more registrations.`;
    }
    case "closed":
      return `${name} is ${plainText(tournament?.status ?? "closed")}, so it takes no more registrations.`;
    case "unknown":
      return `The platform refused to register you for ${name}: you may already be registered, or it no longer takes registrations.`;
  }
}

/** A 409 on registration, explained after reading the tournament (two bounded reads); else undefined. */
export async function explainRegistrationConflict(
  http: PlatformHttp,
  credential: PlatformCredential,
  tournamentId: string,
  error: unknown,
): Promise<UserFacingError | undefined> {
  if (!(error instanceof PlatformError) || error.status !== 409) return undefined;
  const [tournament, leaderboard] = await Promise.all([
    findTournament(http, credential, tournamentId),
    getTournamentLeaderboard(http, credential, tournamentId).catch(() => undefined),
  ]);
  const conflict = classifyRegistrationConflict(tournament, leaderboard?.userRank);
  return new UserFacingError(
    `registration_${conflict}`,
    withRequestId(describeRegistrationConflict(conflict, tournament, tournamentId), error.requestId),
  );
}
