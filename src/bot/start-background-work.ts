import { type APIInteraction, GatewayDispatchEvents } from "discord-api-types/v10";
import { logShardChanges, readRunningShards } from "../discord/gateway-shards.js";
import type { BotParts } from "./build-dependencies.js";
import { followGuildMembership, type GuildMembership } from "./follow-guild-membership.js";
import { listBackgroundJobs } from "./list-background-jobs.js";
import { startResealing, type ResealRun } from "./reseal-at-start.js";
import { runBackgroundJobs, type RunningJobs } from "./run-background-jobs.js";

/** What startBackgroundWork started that stopBot must end itself. */
export interface BackgroundWork {
  /** The periodic jobs (list-background-jobs.ts): the hourly prunes, the daily tier role reconcile. */
  readonly jobs: RunningJobs;
  /** Re-sealing what an older key sealed, stopped before the database closes. */
  readonly resealing: ResealRun;
  /** Removals and add-backs seen on the gateway; undefined without one (HTTP interactions mode). */
  readonly guildMembership: GuildMembership | undefined;
}

/**
 * Once the HTTP app listens: the gateway (if any) feeding the dispatcher and telling which servers the bot
 * is in, the outbox, tier role and tournament reminder workers, the re-sealing of secrets an older key
 * sealed, and the periodic jobs of list-background-jobs.ts (the hourly clean-ups, the daily tier role
 * reconcile). Once `signal` aborts (a stop asked for during start-up), the gateway login is cut short and
 * nothing is started: undefined then.
 */
export async function startBackgroundWork(
  parts: BotParts,
  signal?: AbortSignal,
): Promise<BackgroundWork | undefined> {
  const { client, token, dispatch, inFlight, outbox, roles, reminders, tournamentEvents, store } = parts;
  const { clock, logger, config } = parts.deps;
  let guildMembership: GuildMembership | undefined;
  if (client !== undefined) {
    // Interactions are handled from the raw payload, so the same dispatcher serves HTTP interactions too.
    client.ws.on(GatewayDispatchEvents.InteractionCreate, (interaction: APIInteraction) => {
      if (!inFlight.draining) inFlight.track(dispatch(interaction));
    });
    guildMembership = followGuildMembership(client, {
      db: store.db,
      clock,
      logger,
      guildDataGraceMs: config.guildDataGraceMs,
      applicationId: parts.deps.applicationId,
    });
    logShardChanges(client, logger);
    try {
      await client.login(token, signal);
    } catch (error) {
      // The login ended the sessions it opened; what came in on them meanwhile is finished by the stop.
      if (signal?.aborted === true) return undefined;
      throw error;
    }
    logger.info(readRunningShards(client), "gateway shards running in this instance");
  }
  outbox.start();
  roles.start();
  reminders.start();
  tournamentEvents.start();
  parts.roleConnections.start();
  parts.tokenRevocations.start();
  const resealing = startResealing(parts);
  const jobs = runBackgroundJobs(listBackgroundJobs(parts), logger);
  return { jobs, resealing, guildMembership };
}
