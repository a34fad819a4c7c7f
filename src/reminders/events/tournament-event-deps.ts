import type { REST } from "@discordjs/rest";
import type { Kysely } from "kysely";
import type { Clock } from "../../clock.js";
import type { Config } from "../../config.js";
import type { Logger } from "../../logger.js";
import type { Database } from "../../store/database.js";

/** What syncing tournaments' scheduled events needs (docs/conventions.md, habit 6). */
export interface TournamentEventDeps {
  readonly db: Kysely<Database>;
  /** The bot's shared REST: the events and notices to the admins. */
  readonly rest: REST;
  /**
   * For the create alone, a REST that sends it once (retries: 0): one answered 5xx or lost may have made the
   * event, which the next try finds by its location (`create_attempted`) instead of making a second. Without it
   * the create goes through `rest`.
   */
  readonly restForCreates?: REST;
  /** The bot's user id, which Discord names as the `creator_id` of the events the bot makes. */
  readonly applicationId: string;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly config: Pick<Config, "reminders" | "outbox">;
  /** This instance, as leases name it. */
  readonly owner: string;
  /** Failed syncs wait a random share of the backoff ceiling (docs/architecture.md, "Posting"). */
  readonly random?: () => number;
}
