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
  /**
   * For a role's create alone, a REST that sends it once (retries: 0): one answered 5xx or lost may have made
   * the role, which the next sync takes over as one the bot made (ensure-tier-roles.ts) instead of a second.
   * Without it the create goes through `rest`.
   */
  readonly restForCreates?: REST;
  readonly clock: Clock;
  readonly logger: Logger;
  /** The bot's user id is its application id: it finds the bot's own member and highest role. */
  readonly applicationId: string;
}
