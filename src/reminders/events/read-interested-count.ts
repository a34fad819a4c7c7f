// How many members marked a tournament's scheduled event "Interested", for its reminder post
// (docs/architecture.md, "Tournament events"): Get Guild Scheduled Event with `with_user_count` (docs: Guild
// Scheduled Event). Best effort: without an event, or when Discord does not answer, the post leaves it out.
import type { REST } from "@discordjs/rest";
import { Routes, type APIGuildScheduledEvent } from "discord-api-types/v10";
import type { Kysely } from "kysely";
import type { Logger } from "../../logger.js";
import type { Database } from "../../store/database.js";
import { findTournamentEvent } from "../../store/tournament-events.js";

export type ReadInterestedCount = (input: {
  readonly guildId: string;
  readonly tournamentId: string;
}) => Promise<number | undefined>;

export function createInterestedCountReader(deps: {
  readonly db: Kysely<Database>;
  readonly rest: REST;
  readonly logger: Logger;
}): ReadInterestedCount {
  return async (input) => {
    const event = await findTournamentEvent(deps.db, input);
    if (event?.discordEventId == null) return undefined;
    try {
      const answer = (await deps.rest.get(Routes.guildScheduledEvent(input.guildId, event.discordEventId), {
        query: new URLSearchParams({ with_user_count: "true" }),
      })) as APIGuildScheduledEvent;
      return answer.user_count;
    } catch (error) {
      deps.logger.info(
        { ...input, err: error },
        "could not read how many are interested in a tournament's event",
      );
      return undefined;
    }
  };
}
