// The hourly purge of servers the bot was removed from longer than GUILD_DATA_GRACE_DAYS ago
// (docs/architecture.md, "When the bot leaves a server"): their member links (sealed credentials), settings,
// subscriptions, webhook endpoints and secrets, battle cards and queued posts are deleted.
import type { Kysely } from "kysely";
import type { Clock } from "../clock.js";
import type { Logger } from "../logger.js";
import type { SecretBox } from "../secrets/secret-box.js";
import type { Database } from "../store/database.js";
import { listGuildRemovalsBefore } from "../store/guild-removals.js";
import { purgeRemovedGuild } from "../store/purge-guild-data.js";

export interface GuildPurgeDeps {
  readonly db: Kysely<Database>;
  /** Opens the guild's OAuth credentials, queued for revocation before they go. */
  readonly secretBox: SecretBox;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly guildDataGraceMs: number;
  /** Whether the purged links' OAuth tokens are queued for revocation: only while platform OAuth is on. */
  readonly queueOAuthTokens: boolean;
  /** Linked Roles connections were queued (docs/architecture.md, "Linked Roles"): write them now. */
  readonly wakeRoleConnectionWorker?: () => void;
  /** The members' tokens were queued for revocation: send them now. */
  readonly wakeRevocationWorker?: () => void;
}

/** Purges every guild whose grace period is over, one transaction each; returns their ids. */
export async function purgeRemovedGuilds(deps: GuildPurgeDeps): Promise<string[]> {
  const removedBefore = deps.clock.now() - deps.guildDataGraceMs;
  const purged: string[] = [];
  for (const { guildId, removedAt } of await listGuildRemovalsBefore(deps.db, removedBefore)) {
    const rows = await purgeRemovedGuild(deps.db, deps.secretBox, {
      guildId,
      removedBefore,
      now: deps.clock.now(),
      queueOAuthTokens: deps.queueOAuthTokens,
    });
    // Undefined when the bot was added back since the list was read.
    if (rows === undefined) continue;
    deps.logger.info(
      { guildId, removedAt, ...rows },
      "deleted the data of a server the bot was removed from, its grace period over",
    );
    if (rows.roleConnectionsQueued > 0) deps.wakeRoleConnectionWorker?.();
    if (rows.tokenRevocationsQueued > 0) deps.wakeRevocationWorker?.();
    purged.push(guildId);
  }
  return purged;
}
