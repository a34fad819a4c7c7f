// What subscription filters look at, read once per event (docs/architecture.md, "Routing"). Each facet is
// `undefined` when the kind has no such notion (a filter on it is then ignored) and `null` when the kind
// has it but this event did not say (a filter on it then fails: "only hard battles" skips a battle of
// unknown difficulty).
import type { KnownPlatformEvent } from "../events/platform-event.js";

export interface EventFacets {
  readonly tournamentId: string | null | undefined;
  readonly difficulty: string | null | undefined;
  readonly ratingChange: number | null | undefined;
  /** The platform users the event is about, for "only linked members" and rating-change routing. */
  readonly userIds: readonly string[] | undefined;
}

const none = { tournamentId: undefined, difficulty: undefined, ratingChange: undefined, userIds: undefined };

export function readEventFacets(event: KnownPlatformEvent): EventFacets {
  switch (event.kind) {
    case "battle.created": {
      const { data } = event;
      const userIds = [data.createdBy?.id, ...data.participants.map((player) => player.userId)];
      return battleFacets(data, distinct(userIds));
    }
    case "battle.started":
    case "battle.completed": {
      const { data } = event;
      return battleFacets(data, distinct(data.participants.map((player) => player.userId)));
    }
    case "battle.submission":
      return battleFacets(event.data, distinct([event.data.user?.id]));
    case "team.battle_completed": {
      const { data } = event;
      return battleFacets(data, distinct(data.teams.flatMap((team) => team.memberIds)));
    }
    case "user.rating_changed":
      // A change names its tournament when it came from one (docs/platform-assumptions.md): "this
      // tournament's results" then carries its rating changes too, and no others.
      return {
        ...none,
        tournamentId: event.data.tournamentId ?? null,
        ratingChange: event.data.change ?? null,
        userIds: [event.data.user.id],
      };
    case "user.registered":
    case "user.profile_updated":
    case "user.achievement_earned":
      return { ...none, userIds: [event.data.user.id] };
    case "team.created":
      return { ...none, userIds: distinct([event.data.owner?.id]) };
    case "team.member_joined":
      return { ...none, userIds: distinct([event.data.user?.id]) };
    case "system.leaderboard_updated":
      // Posted as the server's week among its linked members (docs/architecture.md, "The weekly digest"),
      // never as the platform's table: who tops the platform does not make it about this server's members.
      return none;
    case "system.tournament_started":
      return {
        ...none,
        tournamentId: event.data.tournamentId,
        difficulty: event.data.difficulty ?? null,
      };
    case "system.maintenance_scheduled":
      return none;
  }
}

function battleFacets(
  data: { readonly tournamentId: string | undefined; readonly difficulty: string | undefined },
  userIds: readonly string[],
): EventFacets {
  return {
    tournamentId: data.tournamentId ?? null,
    difficulty: data.difficulty ?? null,
    ratingChange: undefined,
    userIds,
  };
}

function distinct(ids: readonly (string | undefined)[]): string[] {
  return [...new Set(ids.filter((id): id is string => id !== undefined && id !== ""))];
}
