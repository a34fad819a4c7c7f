import type { REST } from "@discordjs/rest";
import type { Kysely } from "kysely";
import type { Clock } from "../clock.js";
import type { Logger } from "../logger.js";
import type { Database } from "../store/database.js";

/** What tier role work needs from the bot (docs/conventions.md, habit 6). */
export interface RoleDeps {
  readonly db: Kysely<Database>;
  /** The bot's shared REST: it keeps Discord's route and global rate limits. */
  readonly rest: REST;
  readonly clock: Clock;
  readonly logger: Logger;
  /** The bot's user id is its application id: it finds the bot's own member and highest role. */
  readonly applicationId: string;
}
